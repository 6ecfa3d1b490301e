import { SetMetadata } from '@nestjs/common';
import type { ApiKeyScope } from '@veo3/contracts/api-keys';

export const API_SCOPES = 'apiScopes';

/** The scopes a `/v1` route needs of its API key (ApiKeyGuard); none: any valid key. */
export const ApiScopes = (...scopes: ApiKeyScope[]) => SetMetadata(API_SCOPES, scopes);
