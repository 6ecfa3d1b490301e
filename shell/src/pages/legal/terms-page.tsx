import { LegalLayout } from './legal-layout';
import { termsContent } from './terms.content';

export function TermsPage() {
  return <LegalLayout content={termsContent} path="/terms-of-service" />;
}
