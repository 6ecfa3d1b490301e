import type { AppConfig } from '../config/app-config';
import type { UserEntity } from './user.entity';

export interface UserRoles {
  isAdmin: boolean;
  canManageBlog: boolean;
}

type RolesConfig = Pick<AppConfig, 'adminEmails' | 'blogAdminEmails'>;

/**
 * The roles configuration gives an e-mail (ADMIN_EMAILS, BLOG_ADMIN_EMAILS), by exact match of the
 * case-folded address. The console cannot remove these.
 */
export function configuredRoles(email: string, config: RolesConfig): UserRoles {
  const folded = email.toLowerCase();
  return { isAdmin: config.adminEmails.includes(folded), canManageBlog: config.blogAdminEmails.includes(folded) };
}

/**
 * The roles in effect: given by the configuration or granted in the admin console (admin_granted,
 * blog_manager_granted; never the stale is_admin / can_manage_blog copies). Read on every session
 * lookup, never from what was stored at sign-in, so a removed role stops working within the session
 * cache's few seconds.
 */
export function rolesFor(
  user: Pick<UserEntity, 'email' | 'adminGranted' | 'blogManagerGranted'>,
  config: RolesConfig,
): UserRoles {
  const configured = configuredRoles(user.email, config);
  return {
    isAdmin: configured.isAdmin || user.adminGranted,
    canManageBlog: configured.canManageBlog || user.blogManagerGranted,
  };
}
