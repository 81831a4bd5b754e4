import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * For private or capability pages (portal, pay link): a translated title and a robots noindex
 * tag while the page is shown, removed again when the visitor navigates to an indexable page.
 */
export const useNoIndex = (titleKey: string): void => {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    document.title = `${t(titleKey)} | ${t('common.brand')}`;
  }, [t, i18n.resolvedLanguage, titleKey]);
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    meta.dataset.owner = 'noindex';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
};
