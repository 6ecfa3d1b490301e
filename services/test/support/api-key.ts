import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ApiKeyScope } from '@veo3/contracts/api-keys';
import type { SignedIn } from './sign-in';

/** A new API key of `owner`'s, made through the account route; its secret. */
export async function createApiKey(
  app: NestFastifyApplication,
  owner: SignedIn,
  scopes: ApiKeyScope[] = ['videos:write', 'videos:read', 'credits:read'],
  monthlyCap: number | null = null,
): Promise<{ id: string; secret: string; auth: { authorization: string } }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/account/api-keys',
    headers: owner.auth,
    payload: { name: `key ${Date.now()}`, scopes, monthly_cap: monthlyCap },
  });
  if (res.statusCode !== 201) throw new Error(`API key not created: ${res.statusCode} ${res.body}`);
  const { key, secret } = res.json().data as { key: { id: string }; secret: string };
  return { id: key.id, secret, auth: { authorization: `Bearer ${secret}` } };
}
