import { LegalLayout } from './legal-layout';
import { privacyContent } from './privacy.content';

export function PrivacyPage() {
  return <LegalLayout content={privacyContent} path="/privacy-policy" />;
}
