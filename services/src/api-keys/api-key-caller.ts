import type { ApiKeyScope } from '@veo3/contracts/api-keys';
import type { SessionUser } from '../users/session-user';

/** The key a `/v1` or `/mcp` request was made with. */
export interface ApiKeyIdentity {
  id: string;
  prefix: string;
  userId: string;
  scopes: ApiKeyScope[];
  monthlyCap: number | null;
}

/** Who calls through an API key: the key's owner, as a session would name them, and the key. */
export interface ApiCaller {
  user: SessionUser;
  key: ApiKeyIdentity;
}
