import { PAGE_META } from '../../../../domain/site/site-map';
import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../seo/usePageMeta';
import { DemoRequestForm } from '../forms/DemoRequestForm';
import { PageIntro } from '../PageIntro';

const EXPECT = ['tour', 'questions', 'plan'] as const;

export const DemoRequestPage = () => {
  const { t } = useTranslation();
  usePageMeta(PAGE_META['/demo-request']);
  return (
    <>
      <PageIntro title={t('demo.title')} lead={t('demo.lead')} />
      <div className="container form-layout">
        <section className="form-card" aria-labelledby="demo-form-title">
          <h2 id="demo-form-title">{t('demo.formTitle')}</h2>
          <DemoRequestForm />
        </section>
        <aside className="company-card" aria-labelledby="demo-expect-title">
          <h2 id="demo-expect-title">{t('demo.expectTitle')}</h2>
          <ul className="plan-features">
            {EXPECT.map((key) => (
              <li key={key}>{t(`demo.expect.${key}`)}</li>
            ))}
          </ul>
        </aside>
      </div>
    </>
  );
};
