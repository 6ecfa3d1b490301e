import { usePageMeta } from '@veo3/platform/seo/use-page-meta';

export function AsmrVideoPage() {
  usePageMeta('ASMR Video Generator', '/asmr-video');
  return (
    <section className="shell-page">
      <h1>ASMR Video Generator</h1>
    </section>
  );
}
