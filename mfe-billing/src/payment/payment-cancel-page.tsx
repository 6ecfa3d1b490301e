import { usePageMeta } from '@veo3/platform/seo/use-page-meta';

export default function PaymentCancelPage() {
  usePageMeta('Payment cancelled', '/payment/cancel');
  return (
    <section>
      <h1>Payment cancelled</h1>
    </section>
  );
}
