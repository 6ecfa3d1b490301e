/** Query keys of the blog admin feature; every article mutation invalidates `blogAdminKeys.posts()`. */
export const blogAdminKeys = {
  all: ['blog-admin'] as const,
  /** The permission probe (SPEC §6), asked afresh each time the screen opens. */
  access: () => [...blogAdminKeys.all, 'access'] as const,
  posts: () => [...blogAdminKeys.all, 'posts'] as const,
  list: () => [...blogAdminKeys.posts(), 'list'] as const,
};
