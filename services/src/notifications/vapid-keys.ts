import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateVAPIDKeys } from 'web-push';
import type { AppConfig } from '../config/app-config';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The injection token of the site's VAPID keys (null: no push on this site). */
export const VAPID_KEYS = Symbol('VAPID_KEYS');

const FILE = 'vapid-keys.json';

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set; otherwise, outside production, a pair generated
 * once and kept in DATA_DIR (as JWT_SECRET is: every process sharing the folder signs alike, and
 * browsers stay subscribed across restarts); in production without them, none.
 */
export function resolveVapidKeys(config: AppConfig): VapidKeys | null {
  const { vapid, generateVapidKeys } = config.notifications;
  if (vapid) return vapid;
  if (!generateVapidKeys) return null;
  const file = join(config.dataDir, FILE);
  if (existsSync(file)) return readKeys(file);
  mkdirSync(config.dataDir, { recursive: true });
  const keys = generateVAPIDKeys();
  // 'wx' fails if another process wrote it first; then that one's pair is used.
  try {
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
    return keys;
  } catch {
    return readKeys(file);
  }
}

function readKeys(file: string): VapidKeys {
  const { publicKey, privateKey } = JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
  return { publicKey, privateKey };
}
