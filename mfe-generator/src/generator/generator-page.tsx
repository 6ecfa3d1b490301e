import { usePageMeta } from '@veo3/platform/seo/use-page-meta';

export default function GeneratorPage() {
  usePageMeta('Text to Video', '/text-to-veo3-video');
  return (
    <section>
      <h1>Text to Video</h1>
    </section>
  );
}
