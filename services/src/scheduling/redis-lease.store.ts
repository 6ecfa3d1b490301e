import Redis from 'ioredis';
import type { LeaseStore } from './lease-store';

// Renew our own lease or take a free one, in one step: SET NX PX alone cannot renew.
const ACQUIRE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
return 0
`;
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

/** Leases as Redis keys (`<REDIS_PREFIX>:lease:<name>` holding the holder's id), expiring on Redis's clock. */
export class RedisLeaseStore implements LeaseStore {
  private readonly redis: Redis;

  constructor(
    redisUrl: string,
    private readonly prefix: string,
  ) {
    this.redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  }

  async acquire(name: string, holder: string, ttlMs: number): Promise<boolean> {
    return (await this.redis.eval(ACQUIRE, 1, this.key(name), holder, Math.ceil(ttlMs))) === 1;
  }

  async release(name: string, holder: string): Promise<void> {
    await this.redis.eval(RELEASE, 1, this.key(name), holder);
  }

  async close(): Promise<void> {
    if (this.redis.status === 'wait' || this.redis.status === 'end') return;
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  private key(name: string): string {
    return `${this.prefix}:lease:${name}`;
  }
}
