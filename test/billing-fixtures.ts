import { randomBytes } from 'node:crypto';
import { ClientService } from '../api/clients/client.service';
import { InvoiceService } from '../api/invoicing/invoice.service';
import type { AppDeps } from '../api/platform/deps';
import type { ClientLanguage } from '../domain/billing/commands';
import type { TestClient } from './server';

/**
 * A client with a portal login, created through billing's own services. The login's password is
 * generated, so the client must choose its own at the first sign-in; `temporary: false` (the
 * default) marks it chosen already, for tests of what a client does after that.
 */
export const createClientWithLogin = async (deps: AppDeps, name: string, extra: { language?: ClientLanguage; temporary?: boolean } = {}) => {
  const { temporary = false, ...fields } = extra;
  const clients = new ClientService(deps);
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${randomBytes(3).toString('hex')}@example.com`;
  const client = await clients.create({ name, email, phone: '+357 99 123456', address: '1 Test Street, Nicosia', vatNumber: '', language: 'en', ...fields }, 'test');
  const login = await clients.createUser(client.id, 'test');
  if (!temporary) await deps.db('users').where({ client_id: client.id }).update({ password_change_required: false });
  return { id: client.id, name, email, username: login.username, password: login.password };
};

/** Signs in with a generated (temporary) password and chooses a new one, as the web app asks at the first sign-in: the new one. */
export const choosePassword = async (client: TestClient, username: string, temporary: string): Promise<string> => {
  await client.login(username, temporary);
  const chosen = `${temporary}-chosen`;
  const res = await client.post('/api/change-password/', { old_password: temporary, new_password: chosen });
  if (res.status !== 200) throw new Error(`choosing a password for ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return chosen;
};

/** An issued invoice of one line, gross = `euros` (no VAT). */
export const createInvoice = async (deps: AppDeps, clientId: string, euros: number, date = '2026-11-01', dueDate = '2026-11-15') => {
  const invoice = await new InvoiceService(deps).create(
    { clientId, date, dueDate, lines: [{ description: 'GRC platform licence', quantityMilli: 1000, unitPriceCents: Math.round(euros * 100), vatRateBp: 0 }] },
    'test',
  );
  return invoice;
};
