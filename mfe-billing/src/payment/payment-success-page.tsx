import { usePageMeta } from '@veo3/platform/seo/use-page-meta';

export default function PaymentSuccessPage() {
  usePageMeta('Payment successful', '/payment/success');
  return (
    <section>
      <h1>Payment successful</h1>
    </section>
  );
}
