/** `npm run db:migrate`: apply the migrations to the configured database. */
import { connectDb, migrateToLatest } from '../src/server/db/index.ts';
import { configOrExit, exitWith } from './cli.ts';

const db = connectDb(configOrExit());
try {
  const applied = await migrateToLatest(db.kysely);
  console.log(
    applied.length ? `atrium: applied ${applied.join(', ')}` : 'atrium: database is up to date',
  );
} catch (error) {
  exitWith(error);
} finally {
  await db.close();
}
