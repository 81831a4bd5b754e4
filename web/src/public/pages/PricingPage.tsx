import { PAGE_META } from '../../../../domain/site/site-map';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../common/ButtonLink';
import { CheckIcon } from '../../common/icons';
import { formatMoney, formatWholeEuros } from '../../common/format';
import { currentLanguage } from '../../i18n';
import { usePageMeta } from '../../seo/usePageMeta';
import { PageIntro } from '../PageIntro';
import { annualSavingCents, PROFESSIONAL_ANNUAL_CENTS, PROFESSIONAL_MONTHLY_CENTS } from '../pricing';

const PROFESSIONAL_FEATURES = ['allFeatures', 'unlimitedUsers', 'unlimitedPortfolios', 'unlimitedContacts', 'unlimitedEntries'] as const;
const ENTERPRISE_FEATURES = ['everything', 'consulting', 'accountManager', 'api'] as const;

const FeatureList = ({ keys, prefix }: { keys: readonly string[]; prefix: string }) => {
  const { t } = useTranslation();
  return (
    <ul className="plan-features">
      {keys.map((key) => (
        <li key={key}>
          <CheckIcon className="plan-check" />
          {t(`${prefix}.${key}`)}
        </li>
      ))}
    </ul>
  );
};

export const PricingPage = () => {
  const { t } = useTranslation();
  usePageMeta(PAGE_META['/pricing']);
  return (
    <>
      <PageIntro title={t('pricing.title')} lead={t('pricing.lead')} />
      <div className="container plans">
        <section className="plan plan-featured" aria-labelledby="plan-professional">
          <h2 id="plan-professional">{t('pricing.professional.name')}</h2>
          <p className="plan-tagline">{t('pricing.professional.tagline')}</p>
          <p className="plan-price" data-testid="price-monthly">
            <strong>{formatMoney(PROFESSIONAL_MONTHLY_CENTS)}</strong> {t('pricing.perMonth')}
          </p>
          <p className="plan-price-alt" data-testid="price-annual">
            {t('pricing.or')} <strong>{formatMoney(PROFESSIONAL_ANNUAL_CENTS)}</strong> {t('pricing.perYear')}
          </p>
          <p className="plan-saving" data-testid="annual-saving">
            {t('pricing.saving', { amount: formatWholeEuros(annualSavingCents(), currentLanguage()) })}
          </p>
          <FeatureList keys={PROFESSIONAL_FEATURES} prefix="pricing.professional.features" />
          <ButtonLink to="/demo-request" variant="primary" size="large" block>
            {t('pricing.professional.cta')}
          </ButtonLink>
        </section>
        <section className="plan" aria-labelledby="plan-enterprise">
          <h2 id="plan-enterprise">{t('pricing.enterprise.name')}</h2>
          <p className="plan-tagline">{t('pricing.enterprise.tagline')}</p>
          <p className="plan-price">
            <strong>{t('pricing.enterprise.price')}</strong>
          </p>
          <p className="plan-price-alt">{t('pricing.enterprise.priceNote')}</p>
          <FeatureList keys={ENTERPRISE_FEATURES} prefix="pricing.enterprise.features" />
          <ButtonLink to="/contact" size="large" block>
            {t('pricing.enterprise.cta')}
          </ButtonLink>
        </section>
      </div>
    </>
  );
};
