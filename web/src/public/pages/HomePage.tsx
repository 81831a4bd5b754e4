import { PAGE_META } from '../../../../domain/site/site-map';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../common/ButtonLink';
import { usePageMeta } from '../../seo/usePageMeta';

export const HomePage = () => {
  const { t } = useTranslation();
  usePageMeta(PAGE_META['/']);
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero-inner container">
        <p className="hero-eyebrow">{t('home.eyebrow')}</p>
        <h1 id="hero-title">{t('home.title')}</h1>
        <p className="hero-intro">{t('home.intro')}</p>
        <div className="hero-actions">
          <ButtonLink to="/features" variant="primary" size="large">
            {t('home.exploreFeatures')}
          </ButtonLink>
          <ButtonLink to="/demo-request" size="large" className="hero-secondary">
            {t('home.requestDemo')}
          </ButtonLink>
        </div>
        <ul className="hero-points">
          <li>{t('home.points.standards')}</li>
          <li>{t('home.points.hosting')}</li>
          <li>{t('home.points.openSource')}</li>
        </ul>
      </div>
    </section>
  );
};
