/** Query keys of the public blog; an admin save or delete would invalidate `blogKeys.all`. */
export const blogKeys = {
  all: ['blog'] as const,
  lists: () => [...blogKeys.all, 'list'] as const,
  list: (page: number) => [...blogKeys.lists(), page] as const,
  posts: () => [...blogKeys.all, 'post'] as const,
  post: (slug: string) => [...blogKeys.posts(), slug] as const,
};
