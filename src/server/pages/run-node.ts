/**
 * Running a child process as the page build does: a package's Node script (astro), a program
 * (pagefind).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The script a package's `bin` names, under `<root>/node_modules/<name>`; null when absent. */
export function binOf(root: string, name: string, fallback: string): string | null {
  const dir = join(root, 'node_modules', name);
  try {
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      bin?: string | Record<string, string>;
    };
    const bin = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin?.[name];
    if (bin) return join(dir, bin);
  } catch {
    // not installed, or unreadable: try the fallback
  }
  const guess = join(dir, fallback);
  return existsSync(guess) ? guess : null;
}

/**
 * This process's environment for a child that builds or renders pages: without a test runner's
 * variables (Vite changes how it builds when it sees VITEST), with `env` on top.
 */
export function childEnv(env: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('VITEST')) out[key] = value;
  }
  return { ...out, ...env };
}

export interface RunOptions {
  readonly cwd: string;
  readonly env?: Readonly<Record<string, string>>;
  /** Where the output goes; null keeps it (its tail is still in a failure's message). */
  readonly output?: NodeJS.WritableStream | null;
  /** Ends the child (SIGTERM) and rejects with an AbortError. */
  readonly signal?: AbortSignal;
}

/** Runs `node script …args`; rejects with the tail of its output on a non-zero exit. */
export function runNode(
  label: string,
  script: string,
  args: readonly string[],
  options: RunOptions,
): Promise<void> {
  return runProgram(label, process.execPath, [script, ...args], options);
}

/** Runs `command …args`; rejects with the tail of its output on a non-zero exit. */
export function runProgram(
  label: string,
  command: string,
  args: readonly string[],
  options: RunOptions,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: childEnv(options.env),
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const output = options.output === undefined ? process.stdout : options.output;
    let tail = '';
    const keep = (chunk: Buffer) => {
      output?.write(chunk);
      tail = (tail + chunk.toString('utf8')).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else if (options.signal?.aborted) reject(options.signal.reason);
      else reject(new Error(`${label} failed (${signal ?? `exit ${code}`}):\n${tail.trimEnd()}`));
    });
  });
}
