/**
 * The dependency check of `npm test` (`npm run check:deps`; docs/architecture.md, "Dependency
 * rules"). Only what runs counts: `import type` is erased before the check (tsPreCompilationDeps
 * off), so a type may cross any line. `.astro` files are nodes here (imports of them resolve) but
 * dependency-cruiser cannot read them; scripts/check-astro-imports.ts checks their own imports.
 */

/** The browser's code and the pages: what the server must never load. */
const CLIENT = '^src/(islands|pages|components|layouts)/|^src/lib/(?!shared/)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-runtime-cycle',
      comment:
        'A module reaches itself through imports that run. Break the cycle: move what both need ' +
        'into a third module, or import only a type.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'server-imports-only-shared',
      comment:
        'The server loads nothing of the browser side or the pages: from src/lib only src/lib/shared ' +
        '(tests and their fixtures excepted: they may make a build output as the page build does).',
      severity: 'error',
      from: { path: '^src/server/', pathNot: '\\.test\\.ts$|/test-fixture\\.ts$' },
      to: { path: CLIENT },
    },
    {
      name: 'client-never-loads-server',
      comment:
        'Islands, pages and src/lib use server modules only through `import type` (tests excepted).',
      severity: 'error',
      from: { path: CLIENT, pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/server/' },
    },
    {
      name: 'guard-through-its-door',
      comment:
        'The request guard is imported from src/server/guard/index.ts, never from its files.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/server/guard/' },
      to: { path: '^src/server/guard/(?!index\\.ts$)' },
    },
    {
      name: 'domain-index-without-routes',
      comment:
        "A domain's index.ts exports services and types; app.ts imports each routes file itself.",
      severity: 'error',
      from: { path: '^src/server/[^/]+/index\\.ts$' },
      to: { path: '\\.routes\\.ts$' },
    },
    {
      name: 'no-code-imports-astro',
      comment:
        'Only .astro files import .astro files: this keeps every cycle through one inside the ' +
        'part scripts/check-astro-imports.ts checks.',
      severity: 'error',
      from: { path: '\\.(ts|tsx|mjs|js)$' },
      to: { path: '\\.astro$' },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: { path: '(^|/)node_modules/' },
    extraExtensionsToScan: ['.astro'],
    tsPreCompilationDeps: false,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.astro'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
