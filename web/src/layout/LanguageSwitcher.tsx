import { DownOutlined, GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { SITE_LANGUAGES } from '../../../domain/site/site-map';
import { currentLanguage, LANGUAGE_LABELS } from '../i18n';

/** Switches the language at once; the detector caches the choice in a cookie and localStorage. */
export const LanguageSwitcher = () => {
  const { t, i18n } = useTranslation();
  const lng = currentLanguage();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [lng],
        items: SITE_LANGUAGES.map((code) => ({ key: code, label: <span lang={code}>{LANGUAGE_LABELS[code]}</span> })),
        onClick: ({ key }) => void i18n.changeLanguage(key),
      }}
    >
      <Button type="text" className="nav-language" aria-label={t('nav.language')} data-testid="language-switcher">
        <GlobalOutlined aria-hidden />
        <span lang={lng}>{LANGUAGE_LABELS[lng]}</span>
        <DownOutlined aria-hidden className="nav-caret" />
      </Button>
    </Dropdown>
  );
};
