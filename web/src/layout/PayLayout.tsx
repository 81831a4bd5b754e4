import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageDay, useSiteData } from '../ssr/siteData';
import { BrandLogo } from './BrandLogo';
import { LanguageSwitcher } from './LanguageSwitcher';

/**
 * The pay link's frame: the seller's mark and name and the language, nothing to wander off to. A
 * payer came to pay one invoice; the site's marketing links and demo button would only lead away.
 * The seller is the company of the settings (the server renders it into the page); the brand's name
 * stands in where the page was not server-rendered. Its styles are the pay page's (payInvoice.css),
 * which the server links in the page's head.
 */
export const PayLayout = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation();
  const seller = useSiteData()?.company?.name || t('common.brand');
  const year = Number(usePageDay().slice(0, 4));
  return (
    <div className="site pay-site">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <header className="site-header pay-header">
        <div className="pay-header-bar">
          <span className="pay-seller" data-testid="pay-seller">
            <BrandLogo />
            <span className="pay-seller-name">{seller}</span>
          </span>
          <LanguageSwitcher />
        </div>
      </header>
      <main id="main" className="site-main pay-main" tabIndex={-1}>
        <Suspense fallback={<div className="page-loading" aria-busy="true" />}>{children}</Suspense>
      </main>
      <footer className="pay-footer">{t('footer.copyright', { year, brand: seller })}</footer>
    </div>
  );
};
