import { rmSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { E2E_DATA_DIR, E2E_DIST_DIR, E2E_PORTS } from './tests/e2e/ports.ts';

const port = E2E_PORTS.app;

// The config is loaded by the runner and again by each worker; only the runner starts afresh.
if (!process.env['TEST_WORKER_INDEX']) rmSync(E2E_DATA_DIR, { recursive: true, force: true });

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env['CI']),
  reporter: process.env['CI'] ? 'list' : [['list']],
  // Beside the run's data, so two runs side by side keep their own traces.
  outputDir: process.env['E2E_DATA_DIR'] ? `${E2E_DATA_DIR}/test-results` : 'test-results',
  timeout: 45_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    ...devices['Desktop Chrome'],
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
    trace: 'retain-on-failure',
  },
  webServer: [
    {
      // SMTP server and fake GitHub, standing in for the outside world.
      command: 'node tests/e2e/services.ts',
      url: `http://127.0.0.1:${E2E_PORTS.services}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node scripts/start.ts',
      url: `http://127.0.0.1:${port}/api/health`,
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: E2E_DATA_DIR,
        DIST_DIR: E2E_DIST_DIR,
        LOG_LEVEL: 'warn',
        // Predictable image captchas ('TEST'); refused by the server unless NODE_ENV=test.
        NODE_ENV: 'test',
        CAPTCHA_TEST_MODE: 'true',
        // The proxy tests serve their upstream subscriptions on 127.0.0.1.
        PROXY_ALLOW_PRIVATE_UPSTREAMS: 'true',
        // The owner's address: contact messages and new comments are mailed there.
        ADMIN_EMAIL: 'owner@example.test',
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(E2E_PORTS.smtp),
        GITHUB_CLIENT_ID: 'fake-client-id',
        GITHUB_CLIENT_SECRET: 'fake-client-secret',
        GITHUB_OAUTH_URL: `http://127.0.0.1:${E2E_PORTS.github}`,
        GITHUB_API_URL: `http://127.0.0.1:${E2E_PORTS.github}`,
      },
    },
  ],
});
