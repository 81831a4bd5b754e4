import { PAGE_META } from '../../../../domain/site/site-map';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../common/ButtonLink';
import { usePageMeta } from '../../seo/usePageMeta';
import { PageIntro } from '../PageIntro';
import { FEATURES } from '../features/featureCatalog';
import { FeatureSection } from '../features/FeatureSection';
import { ScreenZoomDialog, type ZoomedScreen } from '../features/ScreenZoomDialog';

export const FeaturesPage = () => {
  const { t } = useTranslation();
  usePageMeta(PAGE_META['/features']);
  const [zoomed, setZoomed] = useState<ZoomedScreen | null>(null);
  return (
    <>
      <PageIntro title={t('features.title')} lead={t('features.intro')} />
      <div className="container features-list">
        {FEATURES.map((feature, index) => (
          <FeatureSection key={feature.id} feature={feature} index={index} onZoom={setZoomed} />
        ))}
      </div>
      <section className="cta-band">
        <div className="container">
          <h2>{t('features.ctaTitle')}</h2>
          <p>{t('features.ctaText')}</p>
          <ButtonLink to="/demo-request" variant="primary" size="large">
            {t('features.ctaButton')}
          </ButtonLink>
        </div>
      </section>
      <ScreenZoomDialog screen={zoomed} onClose={() => setZoomed(null)} />
    </>
  );
};
