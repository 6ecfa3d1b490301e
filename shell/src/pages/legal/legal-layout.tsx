import type { ReactNode } from 'react';
import { Link } from '@veo3/platform/routing/router';
import { getRuntimeConfig } from '@veo3/platform/config/runtime-config';
import { formatDate } from '@veo3/platform/i18n/format-date';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { usePageMeta } from '@veo3/platform/seo/use-page-meta';
import { interpolate } from '../shared/interpolate';
import type { LegalContent } from './legal-document';
import { legalMessages } from './legal.messages';
import '../shared/marketing.css';
import '../shared/document-page.css';
import './legal.css';

export interface LegalLayoutProps {
  content: LegalContent;
  path: string;
}

const policies = [
  { path: '/terms-of-service', label: 'termsOfService' },
  { path: '/privacy-policy', label: 'privacyPolicy' },
  { path: '/refund-policy', label: 'refundPolicy' },
] as const;

function ItemList({ ordered, children }: { ordered?: boolean; children: ReactNode }) {
  return ordered ? <ol>{children}</ol> : <ul>{children}</ul>;
}

export function LegalLayout({ content, path }: LegalLayoutProps) {
  const t = useT(legalMessages);
  const lang = useLanguage();
  const doc = content.documents[lang];
  usePageMeta(doc.title, path, doc.description);

  const { supportEmail, serviceEmail } = getRuntimeConfig();
  const links: Record<string, ReactNode> = {
    supportEmail: <a href={`mailto:${supportEmail}`}>{supportEmail}</a>,
    serviceEmail: <a href={`mailto:${serviceEmail}`}>{serviceEmail}</a>,
    termsOfService: <Link to="/terms-of-service">{t('termsOfService')}</Link>,
    privacyPolicy: <Link to="/privacy-policy">{t('privacyPolicy')}</Link>,
    refundPolicy: <Link to="/refund-policy">{t('refundPolicy')}</Link>,
    pricing: <Link to="/pricing">{t('pricing')}</Link>,
  };
  const rich = (text: string) => interpolate(text, links);

  return (
    <div className="shell-doc">
      <header className="shell-doc__header">
        <p className="shell-eyebrow">{t('eyebrow')}</p>
        <h1 className="shell-doc__title">{doc.title}</h1>
        <p className="shell-legal__updated">{t('lastUpdated', { date: formatDate(content.updated, lang) })}</p>
      </header>

      <div className="shell-doc__layout">
        <nav className="shell-doc__toc" aria-labelledby="legal-toc-title">
          <h2 id="legal-toc-title" className="shell-doc__toc-title">
            {t('contents')}
          </h2>
          <ol>
            {doc.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
        </nav>

        <article className="shell-legal__body">
          {doc.intro.map((paragraph) => (
            <p key={paragraph} className="shell-legal__intro">
              {rich(paragraph)}
            </p>
          ))}
          {doc.sections.map((section) => (
            <section
              key={section.id}
              id={section.id}
              className="shell-legal__section"
              aria-labelledby={`${section.id}-title`}
            >
              <h2 id={`${section.id}-title`}>{section.heading}</h2>
              {section.paragraphs?.map((paragraph) => (
                <p key={paragraph}>{rich(paragraph)}</p>
              ))}
              {section.items && (
                <ItemList ordered={section.ordered}>
                  {section.items.map((item) => (
                    <li key={item}>{rich(item)}</li>
                  ))}
                </ItemList>
              )}
              {section.closing?.map((paragraph) => (
                <p key={paragraph}>{rich(paragraph)}</p>
              ))}
            </section>
          ))}

          <nav className="shell-legal__others" aria-label={t('otherPolicies')}>
            {policies
              .filter((policy) => policy.path !== path)
              .map((policy) => (
                <Link key={policy.path} to={policy.path} className="pf-button pf-button--secondary pf-button--sm">
                  {t(policy.label)}
                </Link>
              ))}
          </nav>
        </article>
      </div>
    </div>
  );
}
