import type { InvoiceWire } from '../invoicing';
import type { SubscriptionWire } from '../recurring';
import { toIso } from '../platform/wire';

export interface ClientRow {
  id: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  vat_number: string;
  language: string;
  country: string;
  reminders_excluded: boolean;
  currency: string;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
  user_id?: string | null;
  user_username?: string | null;
}

export interface ClientWire {
  id: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  vat_number: string;
  language: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** No payment reminders are sent to this client (an extra field beside the spec's). */
  reminders_excluded: boolean;
  /** ISO 4217: the currency of its invoices, EUR unless set otherwise (an extra field beside the spec's). */
  currency: string;
  created_at: string;
  /** Null when the client has no login yet (the admin list shows Create User then). */
  user: { id: string; username: string } | null;
  version: number;
  updated_at: string;
}

export interface ClientDetailWire extends ClientWire {
  subscriptions: SubscriptionWire[];
  invoices: readonly InvoiceWire[];
  /** Paid or credited beyond its invoices, in the client's `currency`. */
  credit_balance: number;
}

export const clientWire = (row: ClientRow): ClientWire => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  address: row.address,
  vat_number: row.vat_number,
  language: row.language,
  country: row.country,
  reminders_excluded: row.reminders_excluded,
  currency: row.currency,
  created_at: toIso(row.created_at),
  user: row.user_id ? { id: row.user_id, username: row.user_username ?? '' } : null,
  version: row.version,
  updated_at: toIso(row.updated_at),
});
