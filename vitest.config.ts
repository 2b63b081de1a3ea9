import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** `@/` is `src/` in code Vite compiles (tsconfig.json `paths`; docs/architecture.md). */
const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'client',
          environment: 'happy-dom',
          include: ['src/lib/**/*.test.ts', 'src/islands/**/*.test.{ts,tsx}'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'src/server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/build/**/*.test.ts',
            'tests/fuzz/**/*.test.ts',
          ],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
