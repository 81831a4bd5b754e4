import type { Knex } from 'knex';
import type { MailCompany } from './branded-mail';

type Lang = 'en' | 'el' | 'ru';

const FOOTER_LABELS: Record<Lang, MailCompany['labels']> = {
  en: { vatNumber: 'VAT number', registration: 'Registration number' },
  el: { vatNumber: 'ΑΦΜ', registration: 'Αριθμός εγγραφής' },
  ru: { vatNumber: 'Номер плательщика НДС', registration: 'Регистрационный номер' },
};

/** The sender's details from company settings (row 1), labelled in the mail's language. Takes a transaction too. */
export const mailCompanyOf = async (db: Knex, language: Lang): Promise<MailCompany> => {
  const row = await db('company_settings').where({ id: 1 }).first('name', 'address', 'phone', 'email', 'vat_number', 'registration_number');
  return {
    name: row?.name || 'GRC Platform',
    address: row?.address ?? '',
    phone: row?.phone ?? '',
    email: row?.email ?? '',
    vatNumber: row?.vat_number ?? '',
    registrationNumber: row?.registration_number ?? '',
    labels: FOOTER_LABELS[language],
  };
};

/** The address mails go out from without MAIL_FROM: the company's name, at its own e-mail address. */
export const FALLBACK_FROM_ADDRESS = 'billing@example.com';

export const companyFrom = async (db: Knex): Promise<{ name: string; address: string }> => {
  const row = await db('company_settings').where({ id: 1 }).first('name', 'email');
  return { name: row?.name || 'GRC Platform', address: row?.email || FALLBACK_FROM_ADDRESS };
};
