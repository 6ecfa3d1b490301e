import { usePageMeta } from '@veo3/platform/seo/use-page-meta';

export function HomePage() {
  usePageMeta('Veo 3 AI Video Generator with Realistic Sound', '/');
  return (
    <section className="shell-page">
      <h1>Veo 3 AI Video Generator with Realistic Sound</h1>
    </section>
  );
}
