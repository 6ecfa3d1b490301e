import { Link } from '@veo3/platform/routing/router';
import { useT } from '@veo3/platform/i18n/i18n';
import { StepList } from '../shared/step-list';
import { GENERATOR_PATH } from '../shared/paths';
import { homeMessages } from './home.messages';
import { keepBrandsWhole } from './keep-brands-whole';

export function HowToSteps() {
  const t = useT(homeMessages);
  const steps = [
    { title: t('stepSignInTitle'), text: t('stepSignInText') },
    { title: t('stepPromptTitle'), text: t('stepPromptText') },
    { title: t('stepGenerateTitle'), text: t('stepGenerateText') },
  ];
  return (
    <section className="shell-section" aria-labelledby="home-steps-title">
      <div className="shell-section__header">
        <p className="shell-eyebrow">{t('stepsEyebrow')}</p>
        <h2 id="home-steps-title" className="shell-section__title">
          {keepBrandsWhole(t('stepsTitle'))}
        </h2>
      </div>
      <StepList steps={steps} label={(number) => t('stepLabel', { number })} />
      <div className="shell-section__actions">
        <Link to={GENERATOR_PATH} className="pf-button pf-button--primary pf-button--lg">
          {t('startFirstVideo')}
        </Link>
      </div>
    </section>
  );
}
