import type { UserEntity } from './user.entity';
import type { UserRoles } from './user-roles';
import type { AuthProvider, PublicUser } from '@veo3/contracts/auth';

/**
 * The signed-in user as a session lookup provides it: identity and roles (roles from configuration,
 * read on every lookup), never the balance, which a cached session would only answer stale. A plain
 * object: `@CurrentUser()` yields it and the session cache keeps it. Where the balance is needed,
 * read it now (CreditsService.balanceOf); `credits` is not here, so reading it is a compile error.
 */
export interface SessionUser {
  readonly id: string;
  readonly email: string;
  readonly name: string | null;
  readonly picture: string | null;
  readonly provider: AuthProvider;
  readonly isAdmin: boolean;
  readonly canManageBlog: boolean;
}

/** The session user of a stored user, with the roles configuration gives it now. */
export function toSessionUser(
  user: Pick<UserEntity, 'id' | 'email' | 'name' | 'picture' | 'provider'>,
  roles: UserRoles,
): SessionUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    picture: user.picture,
    provider: user.provider,
    isAdmin: roles.isAdmin,
    canManageBlog: roles.canManageBlog,
  };
}

/** `credits` as read now: a signed-in user (SessionUser) does not carry its balance. */
export function toPublicUser(user: SessionUser, credits: number): PublicUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    picture: user.picture,
    avatar_url: user.picture,
    credits,
    can_manage_blog: user.canManageBlog,
    is_admin: user.isAdmin,
    provider: user.provider,
  };
}
