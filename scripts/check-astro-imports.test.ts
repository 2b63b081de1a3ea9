import { posix } from 'node:path';
import { expect, test } from 'vitest';
import { codeOf, findViolations, runtimeImports } from './check-astro-imports.ts';

const relativeOnly = (from: string, specifier: string) =>
  specifier.startsWith('.') ? posix.join(posix.dirname(from), specifier) : null;

test('the code of an .astro file is its frontmatter and its scripts', () => {
  const source = [
    '---',
    "import Card from './Card.astro';",
    '---',
    '<Card />',
    '<script>',
    "  import { runPageGuard } from '../lib/guard-runtime.ts';",
    '</script>',
  ].join('\n');
  expect(codeOf(source).flatMap(runtimeImports)).toEqual([
    './Card.astro',
    '../lib/guard-runtime.ts',
  ]);
});

test('only `import type` is left out: it is erased before anything runs', () => {
  const code = [
    "import type { User } from './a.ts';",
    "import { type Page, ok } from './b.ts';",
    "import { type Only } from './c.ts';",
    "import './d.ts';",
    "export { e } from './e.ts';",
    "export type { F } from './f.ts';",
    "const g = await import('./g.ts');",
  ].join('\n');
  expect(runtimeImports(code)).toEqual(['./b.ts', './c.ts', './d.ts', './e.ts', './g.ts']);
});

test('a page that loads server code and a cycle of components are violations', () => {
  const files = new Map([
    ['src/pages/a.astro', "---\nimport { createUser } from '../server/user/index.ts';\n---"],
    ['src/pages/b.astro', "---\nimport type { User } from '../server/user/index.ts';\n---"],
    ['src/components/X.astro', "---\nimport Y from './Y.astro';\n---"],
    ['src/components/Y.astro', "---\nimport X from './X.astro';\n---"],
  ]);
  expect(findViolations(files, relativeOnly)).toEqual([
    { rule: 'astro-never-loads-server', path: ['src/pages/a.astro', 'src/server/user/index.ts'] },
    {
      rule: 'no-runtime-cycle',
      path: ['src/components/X.astro', 'src/components/Y.astro', 'src/components/X.astro'],
    },
  ]);
});
