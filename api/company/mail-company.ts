import type { Knex } from 'knex';
import { readCompanySettings } from './company-settings.service';
import type { MailCompany } from '../platform/mail/branded-mail';

type Lang = 'en' | 'el' | 'ru';

const FOOTER_LABELS: Record<Lang, MailCompany['labels']> = {
  en: { vatNumber: 'VAT number', registration: 'Registration number' },
  el: { vatNumber: 'ΑΦΜ', registration: 'Αριθμός εγγραφής' },
  ru: { vatNumber: 'Номер плательщика НДС', registration: 'Регистрационный номер' },
};

/** The sender's details from company settings, labelled in the mail's language. Takes a transaction too. */
export const mailCompanyOf = async (db: Knex, language: Lang): Promise<MailCompany> => {
  const c = await readCompanySettings(db);
  return { name: c.name, address: c.address, phone: c.phone, email: c.email, vatNumber: c.vat_number, registrationNumber: c.registration_number, labels: FOOTER_LABELS[language] };
};

/** The address mails go out from without MAIL_FROM: the company's name, at its own e-mail address. */
export const FALLBACK_FROM_ADDRESS = 'billing@example.com';

export const companyFrom = async (db: Knex): Promise<{ name: string; address: string }> => {
  const c = await readCompanySettings(db);
  return { name: c.name, address: c.email || FALLBACK_FROM_ADDRESS };
};
