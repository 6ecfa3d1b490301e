import { Link } from '@veo3/platform/routing/router';

export interface CtaBandProps {
  title: string;
  text: string;
  action: string;
  to: string;
}

export function CtaBand({ title, text, action, to }: CtaBandProps) {
  return (
    <section className="shell-cta-band" aria-label={title}>
      <h2 className="shell-cta-band__title">{title}</h2>
      <p className="shell-cta-band__text">{text}</p>
      <Link to={to} className="pf-button pf-button--primary pf-button--lg">
        {action}
      </Link>
    </section>
  );
}
