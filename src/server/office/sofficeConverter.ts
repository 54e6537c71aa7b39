/**
 * Office → PDF through LibreOffice headless (ADR 1052). The binary is looked up once per
 * configuration; each conversion runs in a fresh temporary folder with its own user profile
 * (soffice refuses a second instance on a shared profile and leaves lock files behind), under a
 * timeout that kills its whole process group, one or two at a time, and the folder is removed after.
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { HttpError, badRequest } from '../http/HttpError.js';
import type { OfficeConfig } from './officeConfig.js';
import { extOf } from './officeTypes.js';

/** What the product says when LibreOffice is not installed (or SOFFICE_PATH names nothing). */
export const NO_CONVERTER_MESSAGE = '服务器未安装 LibreOffice（soffice），无法将 Office 文件转换为 PDF，请联系管理员安装后再试';

export interface OfficeConverter {
  /** The soffice binary, or null when there is none (looked up on the first call only). */
  binary(): Promise<string | null>;
  /** The PDF of one office file; 503 without soffice, 413 past the size limit, 400 when it cannot be converted. */
  toPdf(name: string, bytes: Uint8Array): Promise<Buffer>;
}

async function executable(path: string): Promise<boolean> {
  return access(path, constants.X_OK).then(() => true, () => false);
}

/** The configured path when it is executable, else the first `soffice` / `libreoffice` on PATH. */
async function locate(config: Pick<OfficeConfig, 'sofficePath'>, env: NodeJS.ProcessEnv): Promise<string | null> {
  // A configured path is taken as the answer: a wrong one means "not installed", never a search elsewhere.
  if (config.sofficePath) return (await executable(config.sofficePath)) ? config.sofficePath : null;
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    for (const name of ['soffice', 'libreoffice']) {
      const candidate = join(dir, name);
      if (await executable(candidate)) return candidate;
    }
  }
  return null;
}

/** Runs soffice once; resolves on exit 0, rejects on failure or timeout (killing the process group). */
function run(binary: string, args: string[], cwd: string, timeoutMs: number): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    // Own process group (detached) so the timeout also ends soffice.bin, which soffice forks.
    const child = spawn(binary, args, { cwd, detached: true, stdio: ['ignore', 'ignore', 'pipe'], env: { PATH: process.env.PATH, HOME: cwd, TMPDIR: cwd, LANG: 'zh_CN.UTF-8' } });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut) reject(Object.assign(new Error('soffice timed out'), { timedOut: true }));
      else if (code === 0) resolvePromise();
      else reject(new Error(`soffice exited with ${code}: ${stderr}`));
    });
  });
}

/** A converter for one configuration; `env` gives PATH for the lookup. */
export function createOfficeConverter(config: OfficeConfig, env: NodeJS.ProcessEnv = process.env): OfficeConverter {
  let found: Promise<string | null> | null = null;
  let running = 0;
  const waiting: (() => void)[] = [];
  const binary = () => (found ??= locate(config, env));

  async function slot<T>(work: () => Promise<T>): Promise<T> {
    if (running >= config.convertConcurrency) await new Promise<void>((r) => waiting.push(r));
    running++;
    try {
      return await work();
    } finally {
      running--;
      waiting.shift()?.();
    }
  }

  async function toPdf(name: string, bytes: Uint8Array): Promise<Buffer> {
    const soffice = await binary();
    if (!soffice) throw new HttpError(503, NO_CONVERTER_MESSAGE);
    if (bytes.length > config.convertMaxMb * 1024 * 1024) throw new HttpError(413, `文件超过 ${config.convertMaxMb}MB，无法转换为 PDF：${name}`);
    return slot(async () => {
      const dir = await mkdtemp(join(tmpdir(), 'fw-soffice-'));
      try {
        // The stored name never reaches the command line: the input is written under a fixed name.
        const input = join(dir, `input.${extOf(name) || 'bin'}`);
        const out = join(dir, 'out');
        await mkdir(out);
        await writeFile(input, bytes);
        const profile = pathToFileURL(join(dir, 'profile')).href;
        const args = [`-env:UserInstallation=${profile}`, '--headless', '--invisible', '--norestore', '--nolockcheck', '--nodefault', '--convert-to', 'pdf', '--outdir', out, input];
        try {
          await run(soffice, args, dir, config.convertTimeoutMs);
        } catch (err) {
          if ((err as { timedOut?: boolean }).timedOut) throw new HttpError(503, `文件转换超时（${Math.round(config.convertTimeoutMs / 1000)} 秒）：${name}`);
          throw badRequest(`无法将文件转换为 PDF：${name}`);
        }
        // soffice answers 0 also when it could not read the input; the missing output tells.
        const pdf = await readFile(join(out, 'input.pdf')).catch(() => null);
        if (!pdf?.length) throw badRequest(`无法将文件转换为 PDF：${name}`);
        return pdf;
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  }

  return { binary, toPdf };
}

const converters = new WeakMap<object, OfficeConverter>();

/** One converter per app configuration (one lookup, one concurrency limit per app). */
export function converterFor(config: { office: OfficeConfig }): OfficeConverter {
  let c = converters.get(config);
  if (!c) {
    c = createOfficeConverter(config.office);
    converters.set(config, c);
  }
  return c;
}
