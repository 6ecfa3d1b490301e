/** robots.txt: crawlers keep out of the API and the signed-in pages, and find the sitemap. */
export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nDisallow: /api/\nDisallow: /blog-admin\nDisallow: /admin\nDisallow: /video-history\nDisallow: /payment/\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}
