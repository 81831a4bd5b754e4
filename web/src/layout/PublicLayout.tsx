import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Footer } from './Footer';
import { NavBar } from './NavBar';

/** Every public page is its own document (links are full page loads), so each starts at its top as the browser loads it. */
export const PublicLayout = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation();
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <NavBar />
      <main id="main" className="site-main" tabIndex={-1}>
        <Suspense fallback={<div className="page-loading" aria-busy="true" />}>{children}</Suspense>
      </main>
      <Footer />
    </div>
  );
};
