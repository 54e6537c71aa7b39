import { describe, expect, it } from 'vitest';
import { exportWorkerRows, workerLimits } from './exportThread';

describe('export worker settings', () => {
  it('sends exports of EXPORT_WORKER_ROWS rows or more to the worker, none with EXPORT_WORKER=off', () => {
    expect(exportWorkerRows({})).toBe(20_000);
    expect(exportWorkerRows({ EXPORT_WORKER_ROWS: '0' })).toBe(0);
    expect(exportWorkerRows({ EXPORT_WORKER_ROWS: '5000' })).toBe(5000);
    expect(exportWorkerRows({ EXPORT_WORKER_ROWS: 'many' })).toBe(20_000);
    expect(exportWorkerRows({ EXPORT_WORKER: 'off', EXPORT_WORKER_ROWS: '0' })).toBeNull();
  });

  it('bounds the worker heap at EXPORT_WORKER_HEAP_MB (384 by default, at least 64, 0 = unbounded)', () => {
    expect(workerLimits({})).toEqual({ maxOldGenerationSizeMb: 384 });
    expect(workerLimits({ EXPORT_WORKER_HEAP_MB: '1024' })).toEqual({ maxOldGenerationSizeMb: 1024 });
    expect(workerLimits({ EXPORT_WORKER_HEAP_MB: '8' })).toEqual({ maxOldGenerationSizeMb: 64 });
    expect(workerLimits({ EXPORT_WORKER_HEAP_MB: '0' })).toEqual({});
    expect(workerLimits({ EXPORT_WORKER_HEAP_MB: 'x' })).toEqual({ maxOldGenerationSizeMb: 384 });
  });
});
