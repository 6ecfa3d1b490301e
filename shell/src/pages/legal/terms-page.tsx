import { usePageMeta } from '@veo3/platform/seo/use-page-meta';

export function TermsPage() {
  usePageMeta('Terms of Service', '/terms-of-service');
  return (
    <section className="shell-page">
      <h1>Terms of Service</h1>
    </section>
  );
}
