import { PAGE_META } from '../../../../domain/site/site-map';
import { useTranslation } from 'react-i18next';
import { DownloadIcon } from '../../common/icons';
import { usePageMeta } from '../../seo/usePageMeta';
import { PageIntro } from '../PageIntro';

export const PRESENTATION_URL = '/static/docs/grc-platform-presentation.pdf';
const EXPERTISE = ['charteredAccountants', 'computerScientists', 'mechanicalEngineers', 'chemicalEngineers', 'riskManagers'] as const;

export const AboutUsPage = () => {
  const { t } = useTranslation();
  usePageMeta(PAGE_META['/about-us']);
  return (
    <>
      <PageIntro title={t('about.title')} lead={t('about.lead')} />
      <div className="container prose-block">
        <section aria-labelledby="about-story">
          <h2 id="about-story">{t('about.storyTitle')}</h2>
          <p>{t('about.story1')}</p>
          <p>{t('about.story2')}</p>
        </section>
        <section aria-labelledby="about-expertise">
          <h2 id="about-expertise">{t('about.expertiseTitle')}</h2>
          <p>{t('about.expertiseIntro')}</p>
          <ul className="card-grid">
            {EXPERTISE.map((key) => (
              <li key={key} className="info-card">
                <h3>{t(`about.expertise.${key}.title`)}</h3>
                <p>{t(`about.expertise.${key}.text`)}</p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="about-presentation" className="callout">
          <h2 id="about-presentation">{t('about.presentationTitle')}</h2>
          <p>{t('about.presentationText')}</p>
          <a className="btn btn-primary" href={PRESENTATION_URL} download data-testid="presentation-link">
            <DownloadIcon />
            {t('about.presentationLink')}
          </a>
        </section>
        <section aria-labelledby="about-mission">
          <h2 id="about-mission">{t('about.missionTitle')}</h2>
          <p>{t('about.mission')}</p>
        </section>
      </div>
    </>
  );
};
