import { usePageMeta } from '@veo3/platform/seo/use-page-meta';

export default function PricingPage() {
  usePageMeta('Plans & Pricing', '/pricing');
  return (
    <section>
      <h1>Plans & Pricing</h1>
    </section>
  );
}
