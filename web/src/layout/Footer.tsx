import { useTranslation } from 'react-i18next';
import { usePageDay } from '../ssr/siteData';

export const Footer = () => {
  const { t } = useTranslation();
  const year = Number(usePageDay().slice(0, 4));
  return (
    <footer className="site-footer">
      <nav aria-label={t('footer.nav')} className="footer-links">
        <a href="/terms-and-conditions">{t('footer.terms')}</a>
        <a href="/contact">{t('footer.contact')}</a>
      </nav>
      <p className="footer-copy">{t('footer.copyright', { year, brand: t('common.brand') })}</p>
    </footer>
  );
};
