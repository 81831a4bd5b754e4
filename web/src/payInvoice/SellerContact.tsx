import { useTranslation } from 'react-i18next';
import type { CompanyInfo } from '../../../api/platform/contracts/rest.contract';

/** A phone number as a tel: link dials it: digits and a leading plus only. */
const dialable = (phone: string) => phone.replace(/(?!^\+)[^\d]/g, '');

/**
 * Whom the payer asks: the seller's name, e-mail and phone from the company settings. `failed`:
 * the invoice did not load, so the words say how to get it paid anyway. Nothing when the company's
 * details did not load either.
 */
export const SellerContact = ({ company, failed = false }: { company: CompanyInfo | undefined; failed?: boolean }) => {
  const { t } = useTranslation();
  if (!company || (!company.email && !company.phone)) return null;
  return (
    <div className="pay-contact" data-testid="pay-contact">
      <p className="pay-contact-lead">{t(failed ? 'payInvoice.contact.failed' : 'payInvoice.contact.question', { seller: company.name })}</p>
      <ul className="pay-contact-ways">
        {company.email && (
          <li>
            <span className="pay-contact-label">{t('payInvoice.contact.email')}</span>
            <a href={`mailto:${company.email}`}>{company.email}</a>
          </li>
        )}
        {company.phone && (
          <li>
            <span className="pay-contact-label">{t('payInvoice.contact.phone')}</span>
            <a href={`tel:${dialable(company.phone)}`}>{company.phone}</a>
          </li>
        )}
      </ul>
    </div>
  );
};
