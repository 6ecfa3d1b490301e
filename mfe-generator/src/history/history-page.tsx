import { usePageMeta } from '@veo3/platform/seo/use-page-meta';

export default function HistoryPage() {
  usePageMeta('Video History', '/video-history');
  return (
    <section>
      <h1>Video History</h1>
    </section>
  );
}
