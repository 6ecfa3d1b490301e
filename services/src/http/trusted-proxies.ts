import proxyAddr from '@fastify/proxy-addr';
import type { AppConfig } from '../config/app-config';

/** Whether the hop `hop` steps from the server (0: the peer itself), at `address`, is a proxy TRUST_PROXY names. */
export type TrustsHop = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY as Fastify's trustProxy. A hop count trusts that many proxies from the server
 * outwards (Fastify's own number trusts none for the peer); addresses are compiled as Fastify would.
 */
export function trustedProxies(trust: AppConfig['trustProxy']): TrustsHop | false {
  if (trust === false) return false;
  return typeof trust === 'number' ? (_address, hop) => hop < trust : proxyAddr.compile(trust);
}

/**
 * Whether the peer of a connection (`socket.remoteAddress`) is a proxy TRUST_PROXY names by address.
 * A hop count names none: it says how many proxies append to X-Forwarded-For, not which of them
 * may be believed about anything else.
 */
export function isNamedProxy(trust: AppConfig['trustProxy']): (address: string | undefined) => boolean {
  if (!Array.isArray(trust)) return () => false;
  const named = proxyAddr.compile(trust);
  return (address) => address !== undefined && named(address, 0);
}
