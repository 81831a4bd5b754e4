import { PAGE_META } from '../../../../domain/site/site-map';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../common/format';
import { usePageMeta } from '../../seo/usePageMeta';
import { PageIntro } from '../PageIntro';
import { usePageDay } from '../../ssr/siteData';
import { useCompanyInfo } from '../useCompanyInfo';

export const TERMS_SECTIONS = ['acceptance', 'useOfSite', 'intellectualProperty', 'services', 'privacy', 'liability', 'changes', 'governingLaw'] as const;

export const TermsPage = () => {
  const { t } = useTranslation();
  usePageMeta(PAGE_META['/terms-and-conditions']);
  const company = useCompanyInfo();
  const day = usePageDay();
  const jurisdiction = company?.jurisdiction ?? t('terms.defaultJurisdiction');
  return (
    <>
      <PageIntro title={t('terms.title')}>
        <p className="last-updated" data-testid="terms-updated">
          {t('terms.lastUpdated', { date: formatDate(day) })}
        </p>
      </PageIntro>
      <div className="container prose-block terms">
        <p>{t('terms.intro', { company: company?.name ?? t('common.brand') })}</p>
        <ol className="terms-list">
          {TERMS_SECTIONS.map((key) => (
            <li key={key}>
              <h2>{t(`terms.sections.${key}.title`)}</h2>
              <p>{t(`terms.sections.${key}.text`, { jurisdiction })}</p>
            </li>
          ))}
        </ol>
      </div>
    </>
  );
};
