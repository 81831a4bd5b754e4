import { useTranslation } from 'react-i18next';
import { SITE_LANGUAGES } from '../../../domain/site/site-map';
import { ChevronDownIcon, GlobeIcon } from '../common/icons';
import { MenuButton } from '../common/MenuButton';
import { currentLanguage, LANGUAGE_LABELS } from '../i18n';
import { usePageLocation } from '../routing/pageLocation';

/**
 * Switches the language at once; the detector caches the choice in a cookie and localStorage.
 * Each language is a real link to the page in it (`?lng=`), so the switch also works without scripts.
 */
export const LanguageSwitcher = () => {
  const { t, i18n } = useTranslation();
  const { pathname } = usePageLocation();
  const lng = currentLanguage();
  return (
    <MenuButton
      className="nav-language"
      testId="language-switcher"
      ariaLabel={`${t('nav.language')}: ${LANGUAGE_LABELS[lng]}`}
      label={
        <>
          <GlobeIcon />
          <span lang={lng}>{LANGUAGE_LABELS[lng]}</span>
          <ChevronDownIcon className="nav-caret" />
        </>
      }
    >
      {(close) =>
        SITE_LANGUAGES.map((code) => (
          <li key={code}>
            <a
              href={`${pathname}?lng=${code}`}
              hrefLang={code}
              lang={code}
              aria-current={code === lng ? 'true' : undefined}
              onClick={(event) => {
                event.preventDefault();
                close();
                void i18n.changeLanguage(code);
              }}
            >
              {LANGUAGE_LABELS[code]}
            </a>
          </li>
        ))
      }
    </MenuButton>
  );
};
