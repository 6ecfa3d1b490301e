import { usePageMeta } from '@veo3/platform/seo/use-page-meta';

export function LoginPage() {
  usePageMeta('Login', '/login');
  return (
    <section className="shell-page">
      <h1>Login</h1>
    </section>
  );
}
