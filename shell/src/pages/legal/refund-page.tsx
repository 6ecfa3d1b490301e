import { LegalLayout } from './legal-layout';
import { refundContent } from './refund.content';

export function RefundPage() {
  return <LegalLayout content={refundContent} path="/refund-policy" />;
}
