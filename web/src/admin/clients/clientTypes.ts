import type { ClientLanguage } from '../../../../domain/billing/commands';

export interface ClientView {
  id: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  vatNumber: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** en, el or ru: the language of its e-mails and documents. */
  language: string;
  /** No payment reminders are sent to this client. */
  remindersExcluded: boolean;
  /** Client detail only: paid or credited beyond its invoices (euros). */
  creditBalance?: number;
  createdAt: string;
  user: { id: string; username: string } | null | undefined;
  version: number;
}

export interface ClientValues {
  name: string;
  email: string;
  phone?: string;
  address?: string;
  vatNumber?: string;
  /** Absent on a new client: the company's country. */
  country?: string;
  language?: ClientLanguage;
  remindersExcluded?: boolean;
}
