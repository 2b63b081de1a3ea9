/** Shared by the command-line entries: configuration with one-line errors. */
import { ConfigError, loadConfig, readEnv, type Config } from '../src/server/config.ts';

export function configOrExit(overrides: Record<string, string> = {}): Config {
  try {
    return loadConfig({ ...readEnv(), ...overrides });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`atrium: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

/** Prints an expected failure as one line (no stack trace) and exits 1. */
export function exitWith(error: unknown): never {
  console.error(`atrium: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
