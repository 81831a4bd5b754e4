import { UserService } from '../../auth/user.service';
import type { TestClient, TestServer } from '../../../test/server';

/** A logged-in superuser client plus helpers to create billing records over HTTP. */
export const adminOf = async (server: TestServer): Promise<TestClient> => {
  const admin = server.client();
  await admin.login();
  return admin;
};

export const createClient = async (admin: TestClient, fields: Record<string, unknown> = {}) => {
  const res = await admin.post('/api/clients/', { name: 'Acme Ltd', email: 'billing@acme.test', phone: '+357 1', address: '1 Road, Nicosia', vat_number: 'CY10259033P', ...fields });
  if (res.status !== 201) throw new Error(`create client: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; name: string; version: number };
};

export const createProduct = async (admin: TestClient, fields: Record<string, unknown> = {}) => {
  const res = await admin.post('/api/products/', { name: 'Professional', price: 2000, billing_cycle: 'monthly', vat_rate: 19, ...fields });
  if (res.status !== 201) throw new Error(`create product: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; name: string };
};

export const createSubscription = async (admin: TestClient, fields: Record<string, unknown>) => {
  const res = await admin.post('/api/subscriptions/', fields);
  if (res.status !== 201) throw new Error(`create subscription: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string };
};

export const createInvoice = async (admin: TestClient, fields: Record<string, unknown>) => {
  const res = await admin.post('/api/invoices/', fields);
  if (res.status !== 201) throw new Error(`create invoice: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; invoice_number: string; version: number; total_amount: number };
};

/** A plain (non-superuser) login, optionally linked to a client. */
export const userClient = async (server: TestServer, username: string, clientId: string | null = null): Promise<TestClient> => {
  await new UserService(server.testDb.db).create({ username, password: 'user-password-1', clientId });
  const c = server.client();
  await c.login(username, 'user-password-1');
  return c;
};
