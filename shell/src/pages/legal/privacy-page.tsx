import { usePageMeta } from '@veo3/platform/seo/use-page-meta';

export function PrivacyPage() {
  usePageMeta('Privacy Policy', '/privacy-policy');
  return (
    <section className="shell-page">
      <h1>Privacy Policy</h1>
    </section>
  );
}
