/** Keys of the public blog's cached replies, shared by the handlers that fill them and the fast path that reads them. */
export const blogCacheKeys = {
  list: (page: number, limit: number) => `list:${page}:${limit}`,
  post: (slug: string) => `post:${slug}`,
  listPage: (page: number) => `page:/blog?page=${page}`,
  postPage: (slug: string) => `page:/blog/${slug}`,
};

/** The page of the /blog HTML a `?page=` asks for (anything odd is page 1). */
export function blogPageNumber(param: string | undefined): number {
  return Math.min(Math.max(Number.parseInt(param ?? '1', 10) || 1, 1), 10_000);
}
