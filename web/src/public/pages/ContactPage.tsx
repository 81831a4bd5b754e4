import { PAGE_META } from '../../../../domain/site/site-map';
import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../seo/usePageMeta';
import { ContactForm } from '../forms/ContactForm';
import { PageIntro } from '../PageIntro';
import { useCompanyInfo } from '../useCompanyInfo';

export const ContactPage = () => {
  const { t } = useTranslation();
  usePageMeta(PAGE_META['/contact']);
  const company = useCompanyInfo();
  return (
    <>
      <PageIntro title={t('contact.title')} lead={t('contact.lead')} />
      <div className="container form-layout">
        <section className="form-card" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">{t('contact.formTitle')}</h2>
          <ContactForm />
        </section>
        {company && (
          <aside className="company-card" aria-labelledby="company-title" data-testid="company-details">
            <h2 id="company-title">{t('contact.companyTitle')}</h2>
            <p className="company-name">{company.name}</p>
            <dl>
              <dt>{t('contact.company.address')}</dt>
              <dd>{company.address}</dd>
              <dt>{t('contact.company.phone')}</dt>
              <dd>
                <a href={`tel:${company.phone.replace(/\s+/g, '')}`}>{company.phone}</a>
              </dd>
              <dt>{t('contact.company.email')}</dt>
              <dd>
                <a href={`mailto:${company.email}`}>{company.email}</a>
              </dd>
              <dt>{t('contact.company.registrationNumber')}</dt>
              <dd>{company.registration_number}</dd>
              <dt>{t('contact.company.vatNumber')}</dt>
              <dd>{company.vat_number}</dd>
            </dl>
          </aside>
        )}
      </div>
    </>
  );
};
