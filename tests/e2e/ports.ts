/** Loopback ports of the e2e run: the app, and the services process (mail inspector, SMTP, GitHub). */
const base = Number(process.env['E2E_PORT'] ?? 4391);

export const E2E_PORTS = {
  app: base,
  services: base + 1,
  smtp: base + 2,
  github: base + 3,
} as const;
