import { randomBytes } from 'node:crypto';
import { ClientService } from '../api/billing/client.service';
import { InvoiceService } from '../api/billing/invoice.service';
import type { AppDeps } from '../api/deps';
import type { ClientLanguage } from '../domain/billing/commands';

/** A client with a portal login, created through billing's own services. */
export const createClientWithLogin = async (deps: AppDeps, name: string, extra: { language?: ClientLanguage } = {}) => {
  const clients = new ClientService(deps);
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${randomBytes(3).toString('hex')}@example.com`;
  const client = await clients.create({ name, email, phone: '+357 99 123456', address: '1 Test Street, Nicosia', vatNumber: '', language: 'en', ...extra }, 'test');
  const login = await clients.createUser(client.id, 'test');
  return { id: client.id, name, email, username: login.username, password: login.password };
};

/** An issued invoice of one line, gross = `euros` (no VAT). */
export const createInvoice = async (deps: AppDeps, clientId: string, euros: number, date = '2026-11-01', dueDate = '2026-11-15') => {
  const invoice = await new InvoiceService(deps).create(
    { clientId, date, dueDate, lines: [{ description: 'GRC platform licence', quantityMilli: 1000, unitPriceCents: Math.round(euros * 100), vatRateBp: 0 }] },
    'test',
  );
  return invoice;
};
