import type {
  ApiKey,
  ApiKeyListReply,
  CreateApiKeyReply,
  CreateApiKeyRequest,
  RevokeApiKeyReply,
} from '@veo3/contracts/api-keys';
import type { ErrorReply } from '@veo3/contracts/envelope';
import { apiRequest } from '@veo3/platform/api/api-client';
import { BillingReplyError } from './billing-api';

export type CreatedApiKey = CreateApiKeyReply['data'];

/** GET /api/account/api-keys: the caller's keys, newest first, revoked ones included. */
export async function fetchApiKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  const reply = (await apiRequest('GET /api/account/api-keys', { identity: 'bearer', signal })) as
    ApiKeyListReply | ErrorReply;
  if (!reply.success) throw new BillingReplyError(reply.message);
  return reply.data.items;
}

/** POST /api/account/api-keys: the new key and its secret, shown once (ApiError 409 API_KEYS_TOO_MANY at the limit). */
export async function createApiKey(body: CreateApiKeyRequest): Promise<CreatedApiKey> {
  const reply = (await apiRequest('POST /api/account/api-keys', { body, identity: 'bearer' })) as
    CreateApiKeyReply | ErrorReply;
  if (!reply.success) throw new BillingReplyError(reply.message);
  return reply.data;
}

/** DELETE /api/account/api-keys/:id: revokes one of the caller's keys (again: still a success). */
export async function revokeApiKey(id: string): Promise<void> {
  const reply = (await apiRequest('DELETE /api/account/api-keys/:id', { params: { id }, identity: 'bearer' })) as
    RevokeApiKeyReply | ErrorReply;
  if (!reply.success) throw new BillingReplyError(reply.message);
}
