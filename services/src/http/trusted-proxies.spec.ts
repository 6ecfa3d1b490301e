import { isNamedProxy } from './trusted-proxies';

describe('isNamedProxy', () => {
  it('names no peer without TRUST_PROXY or with a hop count', () => {
    expect(isNamedProxy(false)('10.0.0.2')).toBe(false);
    expect(isNamedProxy(1)('10.0.0.2')).toBe(false);
  });

  it('names only the listed addresses and ranges, IPv4-mapped IPv6 included', () => {
    const named = isNamedProxy(['10.0.0.0/8', '192.168.1.7', 'fd00::/8']);
    expect(['10.1.2.3', '::ffff:10.1.2.3', '192.168.1.7', 'fd12::1'].map(named)).toEqual([true, true, true, true]);
    expect(['192.168.1.8', '127.0.0.1', '::1', undefined].map(named)).toEqual([false, false, false, false]);
  });
});
