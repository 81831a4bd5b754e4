import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { BrandLogo } from '../layout/BrandLogo';
import { LanguageSwitcher } from '../layout/LanguageSwitcher';
import { UserMenu } from './UserMenu';

export interface AreaLink {
  to: string;
  label: string;
}

/** The admin and portal frame: a titled top bar with the area's links and the user menu. */
export const AreaLayout = ({ title, home, links, children }: { title: string; home: string; links: AreaLink[]; children: ReactNode }) => {
  const { t } = useTranslation();
  return (
    <div className="site area">
      <header className="site-header area-header">
        <nav className="site-nav area-nav" aria-label={title}>
          <Link to={home} className="brand">
            <BrandLogo />
            <span className="brand-name">{title}</span>
          </Link>
          <ul className="nav-links area-links">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className="nav-link">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="nav-actions area-actions">
            <LanguageSwitcher />
            <UserMenu />
          </div>
        </nav>
      </header>
      <main id="main" className="site-main area-main" tabIndex={-1}>
        <Suspense fallback={<p className="page-loading">{t('common.loading')}</p>}>{children}</Suspense>
      </main>
    </div>
  );
};

/** Stand-in body for an area page whose screen is built elsewhere. */
export const AreaPlaceholder = ({ title }: { title: string }) => (
  <section className="container area-placeholder">
    <h1>{title}</h1>
  </section>
);
