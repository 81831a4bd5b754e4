import { PAGE_META } from '../../../../domain/site/site-map';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../common/ButtonLink';
import { usePageMeta } from '../../seo/usePageMeta';
import { PageIntro } from '../PageIntro';

const ADVANTAGES = ['integrated', 'standards', 'hosting', 'openSource', 'ai', 'expertise', 'support'] as const;

export const WhyUsPage = () => {
  const { t } = useTranslation();
  usePageMeta(PAGE_META['/why-us']);
  return (
    <>
      <PageIntro title={t('whyUs.title')} lead={t('whyUs.lead')} />
      <div className="container">
        <ol className="card-grid advantages">
          {ADVANTAGES.map((key, i) => (
            <li key={key} className="info-card" data-testid="advantage-card">
              <span className="card-number" aria-hidden="true">
                {i + 1}
              </span>
              <h2>{t(`whyUs.items.${key}.title`)}</h2>
              <p>{t(`whyUs.items.${key}.text`)}</p>
            </li>
          ))}
        </ol>
        <div className="center-cta">
          <ButtonLink to="/demo-request" variant="primary" size="large">
            {t('whyUs.demoLink')}
          </ButtonLink>
        </div>
      </div>
    </>
  );
};
