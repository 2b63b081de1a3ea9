export { memoryKv, redisKv, type Kv } from './kv.ts';
