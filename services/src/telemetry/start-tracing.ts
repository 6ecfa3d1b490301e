import { startTracing } from './tracing';

// Imported first by the entry points (main.ts, migrate.ts): the instrumentations patch http,
// undici, mysql2 and ioredis as they load, so the SDK must start before anything requires them.
startTracing(process.env);
