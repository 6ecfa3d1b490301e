import proxyAddr from '@fastify/proxy-addr';
import type { AppConfig } from '../config/app-config';

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
