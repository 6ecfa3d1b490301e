import type { PublicUser as User } from '@veo3/contracts/auth';

/**
 * How a desktop entry is drawn: `exact` and `nested` are NavLinks (active on the path alone, or on
 * it and below), `section` is a Link marked active on the path and below (the blog, a remote with
 * its own routes), `menu` is the AI Tools dropdown. The mobile menu shows every entry as a plain
 * Link to `to`.
 */
export type NavKind = 'exact' | 'nested' | 'section' | 'menu';

export interface NavItem {
  to: string;
  label: 'navHome' | 'navAiTools' | 'navPricing' | 'navBlog' | 'navHistory' | 'navBlogAdmin' | 'navAdmin';
  kind: NavKind;
  /** Shown only to a signed-in user, only to one who may manage the blog, or only to an administrator. */
  audience?: 'user' | 'blogAdmin' | 'admin';
}

/** The header's navigation, in order, for the desktop bar and the mobile menu alike. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: 'navHome', kind: 'exact' },
  { to: '/text-to-veo3-video', label: 'navAiTools', kind: 'menu' },
  { to: '/pricing', label: 'navPricing', kind: 'nested' },
  { to: '/blog', label: 'navBlog', kind: 'section' },
  { to: '/video-history', label: 'navHistory', kind: 'nested', audience: 'user' },
  { to: '/blog-admin', label: 'navBlogAdmin', kind: 'nested', audience: 'blogAdmin' },
  { to: '/admin', label: 'navAdmin', kind: 'nested', audience: 'admin' },
];

const AUDIENCES: Record<NonNullable<NavItem['audience']>, (user: User | null | undefined) => boolean> = {
  user: (user) => Boolean(user),
  blogAdmin: (user) => Boolean(user?.can_manage_blog),
  admin: (user) => Boolean(user?.is_admin),
};

export function visibleNavItems(user: User | null | undefined): NavItem[] {
  return NAV_ITEMS.filter((item) => !item.audience || AUDIENCES[item.audience](user));
}
