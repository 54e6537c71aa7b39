import { describe, expect, it } from 'vitest';
import { COMPONENT_NAMES } from '../../../schema-adapters/fieldTypes/registry';
import { resolveComponent } from './registry';

describe('field component registry', () => {
  it('has a component for every x-component name the adapter emits', () => {
    const missing = Object.entries(COMPONENT_NAMES).filter(([, name]) => !resolveComponent(name));
    expect(missing).toEqual([]);
  });
});
