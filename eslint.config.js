import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const serverOnly = ['**/server/**', 'kysely', 'fastify', 'pg', 'ioredis', 'node:*'];
/** The packages src/lib/shared may import: pure Markdown processing (no DOM, no Node). */
const SHARED_PACKAGES = [
  'unified',
  'remark-parse',
  'remark-gfm',
  'remark-math',
  'remark-rehype',
  'hast-util-to-string',
  'unist-util-visit',
  'mdast',
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.dist.*/',
      '.e2e*/',
      '.astro/',
      'node_modules/',
      'data/',
      'bench/.work/',
      'test-results/',
      'playwright-report/',
      '**/*.astro',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  // Migrations are frozen in time and take Kysely<any>, as Kysely's migration docs say.
  {
    files: ['src/server/db/migrations/*.ts', 'src/server/db/migrate.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // Dependency direction (style.md point 1): the browser side never pulls in server code.
  {
    files: ['src/lib/**/*.{ts,tsx}', 'src/islands/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: serverOnly, allowTypeImports: true }] },
      ],
    },
  },
  // Build-time helpers of the pages (src/lib/build) may read files, never the server.
  {
    files: ['src/lib/build/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', 'kysely', 'fastify', 'pg', 'ioredis'],
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  // Shared modules are pure: no DOM, no Node. They import their siblings and, for the article
  // summaries both sides derive alike (summary.ts), the pure Markdown packages. Their tests, which
  // never ship, also use the test tools.
  {
    files: ['src/lib/shared/**/*.ts'],
    ignores: ['src/lib/shared/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(?!\\./|(${SHARED_PACKAGES.join('|')})$).*`,
              message: 'src/lib/shared imports only its siblings and the pure Markdown packages',
            },
          ],
        },
      ],
    },
  },
  // The server reaches the client code only through src/lib/shared (the dependency check,
  // .dependency-cruiser.cjs, says the same for .astro files and cycles).
  {
    files: ['src/server/**/*.ts'],
    ignores: ['**/*.test.ts', '**/test-fixture.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)islands/', message: 'the server never imports islands' },
            {
              regex: '(^|/)lib/(?!shared/)',
              message: 'the server imports only src/lib/shared',
            },
          ],
        },
      ],
    },
  },
);
