import { usePageMeta } from '@veo3/platform/seo/use-page-meta';

export function VideoEffectsPage() {
  usePageMeta('Video Effects', '/video-effects');
  return (
    <section className="shell-page">
      <h1>Video Effects</h1>
    </section>
  );
}
