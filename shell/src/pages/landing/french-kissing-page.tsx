import { usePageMeta } from '@veo3/platform/seo/use-page-meta';

export function FrenchKissingPage() {
  usePageMeta('AI French Kissing Video Generator', '/ai-french-kissing');
  return (
    <section className="shell-page">
      <h1>AI French Kissing Video Generator</h1>
    </section>
  );
}
