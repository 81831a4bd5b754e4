import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePageDay } from '../ssr/siteData';

export const Footer = () => {
  const { t } = useTranslation();
  const year = Number(usePageDay().slice(0, 4));
  return (
    <footer className="site-footer">
      <nav aria-label={t('footer.nav')} className="footer-links">
        <Link to="/terms-and-conditions">{t('footer.terms')}</Link>
        <Link to="/contact">{t('footer.contact')}</Link>
      </nav>
      <p className="footer-copy">{t('footer.copyright', { year, brand: t('common.brand') })}</p>
    </footer>
  );
};
