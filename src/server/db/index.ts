export { connectDb, type Db, type DbOptions } from './connect.ts';
export type { Database, DbDialect } from './database.ts';
export { migrateToLatest, migrateDownAll } from './migrate.ts';
export { isStorageFailure, isUniqueViolation } from './errors.ts';
