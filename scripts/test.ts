/**
 * `npm test`: lint, typecheck, the dependency check (.dependency-cruiser.cjs), then the unit and
 * API tests (on PostgreSQL/Redis too when their URLs are set).
 */
import { spawnSync } from 'node:child_process';

const steps: [string, string[]][] = [
  ['lint', ['run', 'lint']],
  ['typecheck', ['run', 'typecheck']],
  ['dependency check', ['run', 'check:deps']],
  ['unit and API tests', ['run', 'test:unit']],
];

for (const [name, args] of steps) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync('npm', args, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed`);
    process.exit(result.status ?? 1);
  }
}
console.log('\n✓ all checks passed');
