import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'client',
          environment: 'happy-dom',
          include: ['src/lib/**/*.test.ts', 'src/islands/**/*.test.{ts,tsx}'],
        },
      },
      {
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
