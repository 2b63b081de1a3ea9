/**
 * `npm start`: migrate, seed, build the pages when they are missing, stale or behind the database,
 * then serve site, API and WebSocket (src/server/main.ts).
 */
import { startServer } from '../src/server/main.ts';
import { configOrExit, exitWith } from './cli.ts';

await startServer(configOrExit()).catch(exitWith);
