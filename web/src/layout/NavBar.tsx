import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../common/ButtonLink';
import { ChevronDownIcon, CloseIcon, MenuIcon, UserIcon } from '../common/icons';
import { MenuButton } from '../common/MenuButton';
import { isActivePath, usePageLocation } from '../routing/pageLocation';
import { BrandLogo } from './BrandLogo';
import { LanguageSwitcher } from './LanguageSwitcher';

const LINKS = [
  { to: '/features', key: 'nav.features' },
  { to: '/about-us', key: 'nav.aboutUs' },
  { to: '/why-us', key: 'nav.whyUs' },
  { to: '/pricing', key: 'nav.pricing' },
  { to: '/contact', key: 'nav.contactUs' },
] as const;

/** The demo site's address lives in server config (DEMO_SITE_URL); this endpoint redirects to it. */
export const DEMO_SITE_LINK = '/api/demo-site/';

/** Public top bar. Below lg (992 px) the links fold behind a toggle; CSS decides, so nothing shifts at load. */
export const NavBar = () => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { pathname } = usePageLocation();
  // Back to a page kept in the back/forward cache: it shows as loaded, with the menu closed.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setOpen(false);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  return (
    <header className="site-header">
      <nav className="site-nav" aria-label={t('nav.main')}>
        <a href="/" className="brand" aria-label={t('nav.home')}>
          <BrandLogo />
          <span className="brand-name">{t('common.brand')}</span>
        </a>
        <button
          type="button"
          className="btn btn-text nav-toggle"
          aria-expanded={open}
          aria-controls="site-nav-menu"
          aria-label={t(open ? 'nav.closeMenu' : 'nav.openMenu')}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? <CloseIcon /> : <MenuIcon />}
        </button>
        <div id="site-nav-menu" className={open ? 'nav-menu is-open' : 'nav-menu'}>
          <ul className="nav-links">
            {LINKS.map((link) => {
              const active = isActivePath(pathname, link.to);
              return (
                <li key={link.to}>
                  <a href={link.to} className={active ? 'nav-link active' : 'nav-link'} aria-current={active ? 'page' : undefined}>
                    {t(link.key)}
                  </a>
                </li>
              );
            })}
          </ul>
          <div className="nav-actions">
            <ButtonLink to="/demo-request" variant="primary" className="nav-demo">
              {t('nav.requestDemo')}
            </ButtonLink>
            <MenuButton
              className="nav-account"
              testId="account-menu"
              label={
                <>
                  <UserIcon />
                  {t('nav.account')}
                  <ChevronDownIcon className="nav-caret" />
                </>
              }
            >
              {(close) => (
                <>
                  <li>
                    <a href="/login" onClick={close}>
                      {t('nav.login')}
                    </a>
                  </li>
                  <li>
                    <a href={DEMO_SITE_LINK} target="_blank" rel="noopener noreferrer" onClick={close}>
                      {t('nav.demo')}
                    </a>
                  </li>
                </>
              )}
            </MenuButton>
            <LanguageSwitcher />
          </div>
        </div>
      </nav>
    </header>
  );
};
