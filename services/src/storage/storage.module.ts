import { join } from 'node:path';
import { Module } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { LocalObjectStorage } from './local.storage';
import { OBJECT_STORAGE, type ObjectStorage } from './object-storage';
import { S3ObjectStorage } from './s3.storage';

/** The storage STORAGE names: local disk under DATA_DIR (the default, laid out as before), or an S3 bucket. */
export function createObjectStorage(config: AppConfig): ObjectStorage {
  const storage = config.storage;
  if (storage.type === 'local') return new LocalObjectStorage(config.dataDir);
  return new S3ObjectStorage({ ...storage, tempDir: join(config.dataDir, 'tmp') });
}

/** One ObjectStorage for the app (modules importing this share it). */
@Module({
  providers: [{ provide: OBJECT_STORAGE, inject: [APP_CONFIG], useFactory: createObjectStorage }],
  exports: [OBJECT_STORAGE],
})
export class StorageModule {}
