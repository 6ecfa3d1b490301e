import { usePageMeta } from '@veo3/platform/seo/use-page-meta';

export function RefundPage() {
  usePageMeta('Refund Policy', '/refund-policy');
  return (
    <section className="shell-page">
      <h1>Refund Policy</h1>
    </section>
  );
}
