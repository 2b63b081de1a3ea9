/** `npm start`: build the site when it is missing or stale, then serve site, API and WebSocket. */
import { fileURLToPath } from 'node:url';
import { buildSite, isBuildStale } from '../src/server/site/build.ts';
import { startServer } from '../src/server/main.ts';
import { configOrExit, exitWith } from './cli.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const config = configOrExit();

try {
  if (await isBuildStale(root, config.distDir)) {
    console.log('atrium: building the site…');
    await buildSite({ root, outDir: config.distDir });
  }
  await startServer(config);
} catch (error) {
  exitWith(error);
}
