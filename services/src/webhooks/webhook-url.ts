import { bareHost, resolveHost } from '../video/providers/provider-download';
import { WebhooksErrorCode, WebhooksException } from './webhooks.exception';

/** Hosts WEBHOOK_ALLOW_PRIVATE_HOSTS names take http and private addresses (local receivers in tests). */
export function isAllowedPrivateHost(url: URL, allowed: readonly string[]): boolean {
  return allowed.includes(bareHost(url));
}

const invalid = (message: string) => new WebhooksException(WebhooksErrorCode.InvalidUrl, message);

/**
 * An endpoint URL as registered: absolute, https (http only for an allowed host), no user name or
 * password, and a host that neither is nor resolves to a private, loopback or reserved address.
 * The normalized URL. Deliveries check the address again (DNS may change).
 */
export async function checkEndpointUrl(raw: string, allowed: readonly string[]): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid('Enter a full URL, starting with https://');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalid('A webhook URL must start with https://');
  if (url.username || url.password) throw invalid('A webhook URL cannot carry a user name or password.');
  const privateOk = isAllowedPrivateHost(url, allowed);
  if (!privateOk) await refusePrivate(bareHost(url));
  if (url.protocol !== 'https:' && !privateOk) throw invalid('A webhook URL must start with https://');
  return url.toString();
}

async function refusePrivate(host: string): Promise<void> {
  let inside: string | null;
  try {
    inside = (await resolveHost(host)).privateAddress;
  } catch {
    throw invalid(`The host ${host} could not be found. Check the URL.`);
  }
  if (inside)
    throw new WebhooksException(
      WebhooksErrorCode.PrivateAddress,
      `${host} is a private or local address (${inside}). Webhooks are sent only to public internet addresses.`,
    );
}
