import type { AppConfig } from '../config/app-config';

export interface UserRoles {
  isAdmin: boolean;
  canManageBlog: boolean;
}

/**
 * The roles configuration gives an e-mail (ADMIN_EMAILS, BLOG_ADMIN_EMAILS), by exact match of the
 * case-folded address. Read on every session lookup, never from what was stored at sign-in, so a
 * role removed from the configuration stops working within the session cache's few seconds.
 */
export function rolesFor(email: string, config: Pick<AppConfig, 'adminEmails' | 'blogAdminEmails'>): UserRoles {
  const folded = email.toLowerCase();
  return { isAdmin: config.adminEmails.includes(folded), canManageBlog: config.blogAdminEmails.includes(folded) };
}
