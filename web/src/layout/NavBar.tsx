import { DownOutlined, MenuOutlined, CloseOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { ButtonLink } from '../common/ButtonLink';
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
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);

  return (
    <header className="site-header">
      <nav className="site-nav" aria-label={t('nav.main')}>
        <Link to="/" className="brand" aria-label={t('nav.home')}>
          <BrandLogo />
          <span className="brand-name">{t('common.brand')}</span>
        </Link>
        <Button
          type="text"
          className="nav-toggle"
          aria-expanded={open}
          aria-controls="site-nav-menu"
          aria-label={t(open ? 'nav.closeMenu' : 'nav.openMenu')}
          icon={open ? <CloseOutlined /> : <MenuOutlined />}
          onClick={() => setOpen((v) => !v)}
        />
        <div id="site-nav-menu" className={open ? 'nav-menu is-open' : 'nav-menu'}>
          <ul className="nav-links">
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className="nav-link">
                  {t(link.key)}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="nav-actions">
            <ButtonLink to="/demo-request" type="primary" className="nav-demo">
              {t('nav.requestDemo')}
            </ButtonLink>
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'login', label: <Link to="/login">{t('nav.login')}</Link> },
                  {
                    key: 'demo',
                    label: (
                      <a href={DEMO_SITE_LINK} target="_blank" rel="noopener noreferrer">
                        {t('nav.demo')}
                      </a>
                    ),
                  },
                ],
              }}
            >
              <Button type="text" className="nav-account" data-testid="account-menu">
                <UserOutlined aria-hidden />
                {t('nav.account')}
                <DownOutlined aria-hidden className="nav-caret" />
              </Button>
            </Dropdown>
            <LanguageSwitcher />
          </div>
        </div>
      </nav>
    </header>
  );
};
