/**
 * The part of the dependency check (`npm run check:deps`) dependency-cruiser cannot do: it does
 * not read .astro files. The imports of each one's frontmatter and <script> blocks are read with
 * the TypeScript parser, and the same rules apply as in .dependency-cruiser.cjs: a page or
 * component never loads server code (`import type` is erased, so it may), and no import cycle runs
 * through .astro files (code never imports one, which that config checks, so any such cycle is
 * among .astro files alone).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

export interface Violation {
  readonly rule: 'astro-never-loads-server' | 'no-runtime-cycle';
  /** Project-relative paths: the importer and what it loads, or the files of the cycle. */
  readonly path: readonly string[];
}

/** The code of an .astro file: its frontmatter and the bodies of its <script> elements. */
export function codeOf(source: string): string[] {
  const parts: string[] = [];
  const frontmatter = /^\s*---\r?\n([\s\S]*?)\r?\n---/.exec(source);
  if (frontmatter?.[1]) parts.push(frontmatter[1]);
  for (const script of source.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) {
    if (script[1]) parts.push(script[1]);
  }
  return parts;
}

/** What a piece of code loads when it runs: every import and re-export but `import type`. */
export function runtimeImports(code: string): string[] {
  const file = ts.createSourceFile(
    'part.ts',
    code,
    ts.ScriptTarget.Latest,
    false,
    ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) ||
      (ts.isExportDeclaration(node) && !node.isTypeOnly)
    ) {
      const spec = node.moduleSpecifier;
      if (spec && ts.isStringLiteral(spec)) found.push(spec.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/**
 * The violations among `files` (project-relative path → source). `resolveImport` gives the
 * project-relative path a specifier names, or null for a package.
 */
export function findViolations(
  files: ReadonlyMap<string, string>,
  resolveImport: (from: string, specifier: string) => string | null,
): Violation[] {
  const violations: Violation[] = [];
  const edges = new Map<string, string[]>();
  for (const [path, source] of files) {
    const targets = codeOf(source)
      .flatMap(runtimeImports)
      .map((specifier) => resolveImport(path, specifier))
      .filter((target): target is string => target !== null);
    for (const target of targets) {
      if (target.startsWith('src/server/')) {
        violations.push({ rule: 'astro-never-loads-server', path: [path, target] });
      }
    }
    edges.set(
      path,
      targets.filter((target) => files.has(target)),
    );
  }
  // Depth-first search; a file met again while on the stack closes a cycle.
  const done = new Set<string>();
  const stack: string[] = [];
  const walk = (path: string): void => {
    const at = stack.indexOf(path);
    if (at >= 0) {
      violations.push({ rule: 'no-runtime-cycle', path: [...stack.slice(at), path] });
      return;
    }
    if (done.has(path)) return;
    stack.push(path);
    for (const next of edges.get(path) ?? []) walk(next);
    stack.pop();
    done.add(path);
  };
  for (const path of files.keys()) walk(path);
  return violations;
}

const ROOT = resolve(import.meta.dirname, '..');

/** The `compilerOptions.paths` aliases of tsconfig.json (`@/*` → `src/*`), as prefixes. */
function aliases(): [prefix: string, target: string][] {
  const read = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const options = (read.config as { compilerOptions?: ts.CompilerOptions }).compilerOptions ?? {};
  const base = resolve(ROOT, options.baseUrl ?? '.');
  return Object.entries(options.paths ?? {}).flatMap(([key, [first]]) =>
    key.endsWith('*') && first?.endsWith('*')
      ? [[key.slice(0, -1), resolve(base, first.slice(0, -1))] as [string, string]]
      : [],
  );
}

function fileResolver(): (from: string, specifier: string) => string | null {
  const prefixes = aliases();
  return (from, specifier) => {
    const alias = prefixes.find(([prefix]) => specifier.startsWith(prefix));
    let base: string;
    if (alias) base = join(alias[1], specifier.slice(alias[0].length));
    else if (specifier.startsWith('.')) base = resolve(ROOT, dirname(from), specifier);
    else return null;
    const found = ['', '.ts', '.tsx', '/index.ts'].map((end) => base + end).find(existsSync);
    return relative(ROOT, found ?? base)
      .split(sep)
      .join('/');
  };
}

function astroFilesUnder(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.astro')) continue;
    const full = join(entry.parentPath, entry.name);
    files.set(relative(ROOT, full).split(sep).join('/'), readFileSync(full, 'utf8'));
  }
  return files;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const files = astroFilesUnder('src');
  const violations = findViolations(files, fileResolver());
  for (const { rule, path } of violations) console.error(`  error ${rule}: ${path.join(' → ')}`);
  if (violations.length > 0) {
    console.error(`\n✘ ${violations.length} violations in .astro imports`);
    process.exit(1);
  }
  console.log(`✔ .astro imports: no violations (${files.size} files)`);
}
