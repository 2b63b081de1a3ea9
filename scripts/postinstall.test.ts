import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';

const script = new URL('./postinstall.mjs', import.meta.url).pathname;

function runAs(userAgent: string): string {
  const result = spawnSync(process.execPath, [script], {
    env: { ...process.env, npm_config_user_agent: userAgent },
    encoding: 'utf8',
  });
  expect(result.status).toBe(0);
  return result.stdout;
}

test('npm install explains its EBADENGINE warnings when npm runs on an older Node', () => {
  const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts;
  expect(scripts.postinstall).toBe('node scripts/postinstall.mjs');
  const note = runAs('npm/11.19.1 node/v20.20.2 linux x64 workspaces/false');
  expect(note).toContain('"EBADENGINE" warnings above are harmless');
  expect(note).toContain('Node 20.20');
  expect(note).toContain('Node 24 this project installs');
});

test('and says nothing when npm runs on a Node the packages accept', () => {
  expect(runAs('npm/11.19.1 node/v24.21.0 linux x64 workspaces/false')).toBe('');
  expect(runAs('npm/11.19.1 node/v22.12.0 linux x64 workspaces/false')).toBe('');
});
