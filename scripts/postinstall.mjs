/**
 * `npm install`'s last word, when npm itself ran on a Node older than the project's: the
 * EBADENGINE warnings printed above it are about that Node, not the one the site runs on.
 * Plain JavaScript: it must run on whatever Node npm found, even without the bundled one.
 */
import { readFileSync } from 'node:fs';

const agent = process.env['npm_config_user_agent'] ?? '';
const [, major = '', minor = ''] = /\bnode\/v(\d+)\.(\d+)/.exec(agent) ?? [];

if (major !== '' && Number(major) * 1000 + Number(minor) < 22_012) {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const bundled = /\d+/.exec(pkg.devDependencies?.node ?? '')?.[0] ?? '24';
  console.log(
    `\natrium: the "EBADENGINE" warnings above are harmless. npm itself runs on the system's ` +
      `Node ${major}.${minor}; \`npm start\`, \`npm test\` and every npm script run on the ` +
      `Node ${bundled} this project installs (the \`node\` devDependency).\n`,
  );
}
