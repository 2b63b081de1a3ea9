/**
 * Where an e2e run lives: its loopback ports (the app, and the services process: mail inspector,
 * SMTP, GitHub) and its own data folder, which also holds the pages it builds. `E2E_PORT` and
 * `E2E_DATA_DIR` move a run, so two can go on side by side in one checkout.
 */
import path from 'node:path';

const base = Number(process.env['E2E_PORT'] ?? 4391);

export const E2E_PORTS = {
  app: base,
  services: base + 1,
  smtp: base + 2,
  github: base + 3,
} as const;

/** The e2e server's data folder, emptied at every run (the tests open its database too). */
export const E2E_DATA_DIR = path.resolve(process.env['E2E_DATA_DIR'] ?? '.e2e');
/** The pages the e2e server builds and serves. */
export const E2E_DIST_DIR = path.join(E2E_DATA_DIR, 'dist');
