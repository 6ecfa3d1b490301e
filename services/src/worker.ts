import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { ConfigError, loadConfig } from './config/app-config';

/** `npm run worker -w services`: only the video job worker, no HTTP (scale it apart from the API with Redis). */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig({ ...process.env, ROLE: 'worker' });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (!config.redisUrl) console.warn('REDIS_URL is not set: this worker picks tasks up from the database every 30 s');
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), {
    logger: ['error', 'warn', 'log'],
  });
  console.log('Video worker started');
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
