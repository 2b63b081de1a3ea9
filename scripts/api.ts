/** The API alone, for `npm run dev` (Astro's dev server serves the pages and proxies /api here). */
import { startServer } from '../src/server/main.ts';
import { configOrExit, exitWith } from './cli.ts';

const config = configOrExit({ PORT: process.env['API_PORT'] ?? '4322' });
await startServer(config, { serveSite: false }).catch(exitWith);
