export interface RouteMeta {
  title: string;
  description: string;
  /** Private or transactional pages are kept out of search engines and the sitemap. */
  index: boolean;
}

const DEFAULT_DESCRIPTION =
  'Create 8-second AI videos with synchronized, realistic sound from a text prompt or an image with Google Veo 3.';

/** What crawlers and link previews see for each public route, without running JavaScript. */
export const ROUTE_META: Record<string, RouteMeta> = {
  '/': { title: 'Veo 3 AI Video Generator with Realistic Sound', description: DEFAULT_DESCRIPTION, index: true },
  '/text-to-veo3-video': {
    title: 'Text to Video & Image to Video with Veo 3',
    description:
      'Turn a prompt or a picture into an 8-second video with audio. 40 credits per video, ready in minutes.',
    index: true,
  },
  '/pricing': {
    title: 'Plans & Pricing',
    description: 'Monthly plans and credit packs for Veo 3 video generation. Credits never expire.',
    index: true,
  },
  '/blog': {
    title: 'Blog',
    description: 'Guides, prompts and news about AI video generation with Veo 3.',
    index: true,
  },
  '/video-effects': {
    title: 'AI Video Effects & Templates',
    description:
      'Ready-made AI video effects and templates: interaction, appearance, emotions, entertainment and more.',
    index: true,
  },
  '/ai-french-kissing': {
    title: 'AI French Kissing Video Generator',
    description: 'Make a romantic AI kissing video from two photos in minutes.',
    index: true,
  },
  '/asmr-video': {
    title: 'AI ASMR Video Generator',
    description: 'Create satisfying ASMR videos with crisp, synchronized sound using Veo 3.',
    index: true,
  },
  '/terms-of-service': {
    title: 'Terms of Service',
    description: 'The terms that govern the use of Veo 3 Studio.',
    index: true,
  },
  '/privacy-policy': {
    title: 'Privacy Policy',
    description: 'How Veo 3 Studio collects, uses and protects your data.',
    index: true,
  },
  '/refund-policy': {
    title: 'Refund Policy',
    description: 'When and how Veo 3 Studio purchases can be refunded.',
    index: true,
  },
  '/developers': {
    title: 'Developer API and MCP',
    description:
      'Make Veo 3 videos from your code or your AI assistant with your Veo 3 Studio credits: REST API, webhooks and an MCP server.',
    index: true,
  },
  '/explore': {
    title: 'Community gallery',
    description:
      'AI videos with sound made by the Veo 3 Studio community: the newest and the most viewed, by category.',
    index: true,
  },
  '/login': { title: 'Login', description: 'Sign in to Veo 3 Studio with Google.', index: false },
  '/video-history': { title: 'Video History', description: 'Your generated videos.', index: false },
  '/credits': { title: 'Credits', description: 'Your credit balance and history.', index: false },
  '/account': { title: 'Account', description: 'Your profile, credits, payments and plan.', index: false },
  '/account/receipts': { title: 'Receipt', description: 'A receipt for one of your payments.', index: false },
  '/blog-admin': { title: 'Blog Management', description: 'Write and manage blog articles.', index: false },
  '/admin': {
    title: 'Admin Console',
    description: 'Run the site: users, payments, tasks and the audit log.',
    index: false,
  },
  '/payment/success': { title: 'Payment successful', description: 'Your payment went through.', index: false },
  '/payment/cancel': { title: 'Payment cancelled', description: 'Your payment was cancelled.', index: false },
  '/payment/checkout': { title: 'Checkout', description: 'Complete your purchase.', index: false },
};

/** `/effects/<slug>` (any slug: an unknown one is a 404 page, services/src/site/effect-pages.renderer). */
const EFFECT_PAGE = /^\/effects\/[^/]+$/;
const EFFECT_META: RouteMeta = {
  title: 'AI Video Effect',
  description: 'A ready-made AI video effect: add your photo or words and get a video with sound.',
  index: true,
};

/** `/v/<share id>` (any id: an unknown one is a 404 page). */
const SHARED_VIDEO_PAGE = /^\/v\/[^/]+$/;
const SHARED_VIDEO_META: RouteMeta = {
  title: 'Shared video',
  description: 'An AI video made with Veo 3 Studio.',
  index: true,
};
const REPORT_META: RouteMeta = {
  title: 'Report a video',
  description: 'Tell us what is wrong with a shared video.',
  index: false,
};

export function routeMeta(path: string): RouteMeta & { known: boolean } {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const meta = ROUTE_META[clean];
  if (meta) return { ...meta, known: true };
  if (clean.startsWith('/blog/')) return { ...ROUTE_META['/blog']!, known: true };
  if (clean.startsWith('/blog-admin/')) return { ...ROUTE_META['/blog-admin']!, known: true };
  if (clean.startsWith('/admin/')) return { ...ROUTE_META['/admin']!, known: true };
  if (clean.startsWith('/account/receipts/')) return { ...ROUTE_META['/account/receipts']!, known: true };
  if (EFFECT_PAGE.test(clean)) return { ...EFFECT_META, known: true };
  // Server-made pages of a shared video (services/src/sharing): each says itself whether it is indexed.
  if (SHARED_VIDEO_PAGE.test(clean)) return { ...SHARED_VIDEO_META, known: true };
  // A shared video's report form (services/src/sharing, the gallery's): never indexed.
  if (/^\/v\/[^/]+\/report$/.test(clean)) return { ...REPORT_META, known: true };
  return { ...ROUTE_META['/']!, index: false, known: false };
}
