import { PAGE_META } from '../../../../domain/site/site-map';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../common/ButtonLink';
import { usePageMeta } from '../../seo/usePageMeta';
import { PageIntro } from '../PageIntro';

export const NotFoundPage = () => {
  const { t } = useTranslation();
  usePageMeta(PAGE_META['notFound']);
  return (
    <PageIntro title={t('notFound.title')} lead={t('notFound.text')}>
      <ButtonLink to="/" variant="primary">
        {t('notFound.home')}
      </ButtonLink>
    </PageIntro>
  );
};
