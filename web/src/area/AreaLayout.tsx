import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { CloseIcon, MenuIcon } from '../common/icons';
import { BrandLogo } from '../layout/BrandLogo';
import { LanguageSwitcher } from '../layout/LanguageSwitcher';
import { UserMenu } from './UserMenu';
import './touch.css';

export interface AreaLink {
  to: string;
  label: string;
}

/**
 * The admin and portal frame: a titled top bar with the area's links and the user menu. With many
 * links (the admin's) the bar keeps one row from 1200 px up and folds the links behind a menu
 * button below that; CSS decides, so nothing shifts at load.
 */
export const AreaLayout = ({ title, home, links, children }: { title: string; home: string; links: AreaLink[]; children: ReactNode }) => {
  const { t } = useTranslation();
  const many = links.length > 3;
  const [open, setOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);
  return (
    <div className="site area">
      <header className="site-header area-header">
        <nav className={many ? 'site-nav area-nav area-nav-many' : 'site-nav area-nav'} aria-label={title}>
          <Link to={home} className="brand">
            <BrandLogo />
            <span className="brand-name">{title}</span>
          </Link>
          {many && (
            <button
              type="button"
              className="btn btn-text nav-toggle area-toggle"
              aria-expanded={open}
              aria-controls="area-links"
              aria-label={t(open ? 'nav.closeMenu' : 'nav.openMenu')}
              onClick={() => setOpen((v) => !v)}
            >
              {open ? <CloseIcon /> : <MenuIcon />}
            </button>
          )}
          <ul id="area-links" className={open ? 'nav-links area-links is-open' : 'nav-links area-links'}>
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
