import type { ReactNode } from 'react';
import { Link } from '@veo3/platform/routing/router';

interface HeroLink {
  to: string;
  label: string;
}

export interface PageHeroProps {
  titleId: string;
  eyebrow: string;
  title: string;
  lead: string;
  primary: HeroLink;
  secondary: HeroLink;
  /** More content under the buttons (e.g. a list of facts). */
  children?: ReactNode;
  /** The picture or clip beside the text. */
  media: ReactNode;
}

/** The opening section of a marketing landing page: text and two calls to action beside a picture or clip. */
export function PageHero({ titleId, eyebrow, title, lead, primary, secondary, children, media }: PageHeroProps) {
  return (
    <section className="shell-page-hero" aria-labelledby={titleId}>
      <div>
        <p className="shell-eyebrow">{eyebrow}</p>
        <h1 id={titleId} className="shell-page-hero__title shell-gradient-text">
          {title}
        </h1>
        <p className="shell-page-hero__lead">{lead}</p>
        <div className="shell-page-hero__actions">
          <Link to={primary.to} className="pf-button pf-button--primary pf-button--lg">
            {primary.label}
          </Link>
          <Link to={secondary.to} className="pf-button pf-button--secondary pf-button--lg">
            {secondary.label}
          </Link>
        </div>
        {children}
      </div>
      {media}
    </section>
  );
}
