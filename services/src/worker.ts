import { configOrExit, serve } from './main';

/** `npm run worker -w services`: the same as ROLE=worker (video jobs and scheduled work, /api/health on PORT). */
const config = configOrExit({ ...process.env, ROLE: 'worker' });
if (!config.redisUrl) {
  console.warn(
    `REDIS_URL is not set: this worker picks tasks up from the database every ${config.video.sweepSeconds} s`,
  );
}
serve(config).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
