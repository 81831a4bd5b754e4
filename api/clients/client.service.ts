import { randomUUID } from 'node:crypto';
import type { SaveClient } from '../../domain/billing/commands';
import { dayOf } from '../../domain/shared/dates';
import { isCountryCode, normaliseCountry, NOT_A_COUNTRY } from '../../domain/invoice/vat';
import { checkVatNumber } from '../../domain/tax/vat-number';
import { CLIENT_CURRENCY_FIXED, CLIENT_CURRENCY_INVALID, isClientCurrency } from '../../domain/currency/currencies';
import { NotFoundError, ValidationError } from '../../domain/shared/errors';
import { endSessionsOf, generatePassword, hashPassword, UserService } from '../auth';
import type { AppDeps } from '../platform/deps';
import { renderMail } from '../platform/mail/branded-mail';
import { mailCompanyOf } from '../company';
import { enqueueMail } from '../platform/mail/outbox';
import { writeAudit } from '../platform/audit';
import { enqueueWebhooks } from '../integrations';
import { clientPasswordResetMail, clientUserMail } from './client-user.mail';
import { mailLanguage } from '../platform/mail/language';
import { clientCreditCents, listInvoices } from '../invoicing';
import { listSubscriptions } from '../recurring';
import { deleteAudited, insertAudited, updateVersioned } from '../platform/versioned';
import type { ClientDetailWire, ClientRow, ClientWire } from './client.wire';
import { clientWire } from './client.wire';
import { centsToEuros } from '../../domain/shared/money';
import { markSecretAnswer } from '../platform/http/request-context';

const NOT_FOUND = 'Client not found.';
const IN_USE = 'This client has subscriptions or invoices and cannot be deleted.';
export const USER_EXISTS = 'A user already exists for this client.';
export const NO_USER = 'This client has no portal login.';

const clientColumns = (c: SaveClient) => {
  const country = c.country === undefined ? undefined : normaliseCountry(c.country);
  if (country !== undefined && !isCountryCode(country)) throw new ValidationError('Please correct the errors below.', { country: [NOT_A_COUNTRY] });
  if (c.currency !== undefined && !isClientCurrency(c.currency)) throw new ValidationError('Please correct the errors below.', { currency: [CLIENT_CURRENCY_INVALID] });
  return {
    name: c.name,
    email: c.email,
    phone: c.phone,
    address: c.address,
    vat_number: c.vatNumber,
    ...(c.language ? { language: c.language } : {}),
    ...(country ? { country } : {}),
    ...(c.remindersExcluded !== undefined ? { reminders_excluded: c.remindersExcluded } : {}),
    ...(c.currency ? { currency: c.currency } : {}),
  };
};

/** A VAT number is checked against the client's country when either is new (a number stored before the checks stays until changed). */
const refuseVatNumber = (vatNumber: string, country: string, stored?: { vat_number: string; country: string }): void => {
  if (stored && stored.vat_number === vatNumber && stored.country === country) return;
  const refusal = checkVatNumber(vatNumber, country);
  if (refusal) throw new ValidationError('Please correct the errors below.', { vatNumber: [refusal] });
};

const withUsers = (db: AppDeps['db']) =>
  db('clients as c')
    .leftJoin('users as u', 'u.client_id', 'c.id')
    .select('c.*', 'u.id as user_id', 'u.username as user_username');

export class ClientService {
  constructor(private readonly deps: AppDeps) {}

  async list(page?: { limit: number; offset: number; search?: string }): Promise<{ items: ClientWire[]; total: number }> {
    const q = withUsers(this.deps.db).orderByRaw('lower(c.name), c.id');
    const count = this.deps.db('clients as c');
    if (page?.search) {
      const like = `%${page.search.toLowerCase()}%`;
      q.where((w) => w.whereRaw('lower(c.name) like ?', [like]).orWhereRaw('lower(c.email) like ?', [like]));
      count.where((w) => w.whereRaw('lower(c.name) like ?', [like]).orWhereRaw('lower(c.email) like ?', [like]));
    }
    if (page) q.limit(page.limit).offset(page.offset);
    const rows: ClientRow[] = await q;
    const total = page ? Number((await count.count({ n: '*' }).first())?.n ?? 0) : rows.length;
    return { items: rows.map(clientWire), total };
  }

  async get(id: string): Promise<ClientWire> {
    const row: ClientRow | undefined = await withUsers(this.deps.db).where('c.id', id).first();
    if (!row) throw new NotFoundError(NOT_FOUND);
    return clientWire(row);
  }

  /** The client page (and the portal): subscriptions and invoices, newest first. */
  async detail(id: string): Promise<ClientDetailWire> {
    const client = await this.get(id);
    const today = dayOf(this.deps.clock());
    const [subscriptions, invoices, credit] = await Promise.all([
      listSubscriptions(this.deps.db, today, { clientId: id }),
      listInvoices(this.deps.db, { clientId: id, today }),
      clientCreditCents(this.deps, id),
    ]);
    return { ...client, subscriptions: subscriptions.items, invoices: invoices.items, credit_balance: centsToEuros(credit) };
  }

  async create(command: SaveClient, actor: string): Promise<ClientWire> {
    const id = randomUUID();
    const columns = clientColumns(command);
    await this.deps.db.transaction(async (trx) => {
      // A client without a country is taken to be in the company's own.
      const country = columns.country ?? (await trx('company_settings').where({ id: 1 }).first('country'))?.country ?? '';
      refuseVatNumber(columns.vat_number, country);
      await insertAudited(trx, { table: 'clients', entity: 'client', actor, now: this.deps.clock(), row: { id, language: 'en', ...columns, country } });
      const created: ClientRow = await withUsers(trx).where('c.id', id).first();
      await enqueueWebhooks(trx, [{ type: 'client.created', key: `client.created:${id}`, documentKey: `client:${id}`, occurredAt: this.deps.clock().toISOString(), data: clientWire(created) }], this.deps.clock());
    });
    return this.get(id);
  }

  async update(id: string, command: SaveClient, actor: string): Promise<ClientWire> {
    await this.deps.db.transaction(async (trx) => {
      // Its invoices (drafts too) and subscriptions are in its currency: a client keeps it once it has any.
      const current: { currency: string; vat_number: string; country: string } | undefined = await trx('clients').where({ id }).first('currency', 'vat_number', 'country');
      const patch = clientColumns(command);
      if (current) refuseVatNumber(patch.vat_number, patch.country ?? current.country, current);
      if (current && command.currency !== undefined && command.currency !== current.currency) {
        const used = (await trx('invoice_list').where({ client_id: id }).first('id')) ?? (await trx('subscriptions').where({ client_id: id }).first('id'));
        if (used) throw new ValidationError('Please correct the errors below.', { currency: [CLIENT_CURRENCY_FIXED] });
      }
      await updateVersioned(trx, {
        table: 'clients',
        entity: 'client',
        id,
        expectedVersion: command.expectedVersion,
        expectedUpdatedAt: command.expectedUpdatedAt,
        actor,
        now: this.deps.clock(),
        notFound: NOT_FOUND,
        patch,
      });
    });
    return this.get(id);
  }

  /**
   * Refused while subscriptions or live invoices reference the client (deleted invoices keep their
   * history in the event store). The client's login goes with it.
   */
  async remove(id: string, actor: string): Promise<void> {
    await this.deps.db.transaction(async (trx) => {
      const sub = await trx('subscriptions').where({ client_id: id }).first('id');
      const inv = sub ?? (await trx('invoice_list').where({ client_id: id }).first('id'));
      if (inv) throw new ValidationError(IN_USE);
      const now = this.deps.clock();
      const user = await trx('users').where({ client_id: id }).first('id', 'username');
      if (user) {
        await trx('users').where({ id: user.id }).delete();
        await writeAudit(trx, { actor, entity: 'user', entityId: user.id, action: 'delete', before: user, after: null, at: now });
      }
      await deleteAudited(trx, { table: 'clients', entity: 'client', id, actor, now, notFound: NOT_FOUND, inUse: IN_USE });
    });
  }

  /** Creates the client's login with a generated password, returned once and e-mailed to the client (temporary: changed at first sign-in). */
  /** `requested` is the username to give it; the client's e-mail (made unique) otherwise. */
  async createUser(id: string, actor: string, requested?: string): Promise<{ password: string; username: string }> {
    markSecretAnswer(); // the answer is shown once: an Idempotency-Key never keeps it
    const password = generatePassword();
    return this.deps.db.transaction(async (trx) => {
      const client: ClientRow | undefined = await trx('clients').where({ id }).forUpdate().first();
      if (!client) throw new NotFoundError(NOT_FOUND);
      if (await trx('users').where({ client_id: id }).first('id')) throw new ValidationError(USER_EXISTS);
      const username = requested?.trim() || (await this.freeUsername(trx, client.email));
      const user = await new UserService(trx).create({ username, password, clientId: id, email: client.email, passwordChangeRequired: true }, trx);
      await trx('users').where({ id: user.id }).update({ language: client.language });
      const now = this.deps.clock();
      await writeAudit(trx, { actor, entity: 'client', entityId: id, action: 'create_user', before: null, after: { user_id: user.id, username }, at: now });
      const { subject, content } = clientUserMail(
        client.language,
        { name: client.name, username, password, loginUrl: `${this.deps.config.publicBaseUrl}/login` },
        await mailCompanyOf(trx, mailLanguage(client.language)),
      );
      await enqueueMail(trx, { key: `client-user:${user.id}`, to: client.email, subject, ...(await renderMail(content, subject)) });
      return { password, username };
    });
  }

  /**
   * Gives the client's login a new generated password, returned once and e-mailed to the client,
   * and ends every session of that login (whoever held the old password is logged out). Like the
   * first one, it is temporary: the client chooses a new one at the next sign-in.
   */
  async resetUserPassword(id: string, actor: string): Promise<{ password: string; username: string }> {
    markSecretAnswer(); // the answer is shown once: an Idempotency-Key never keeps it
    const password = generatePassword();
    const hash = await hashPassword(password);
    return this.deps.db.transaction(async (trx) => {
      const client: ClientRow | undefined = await trx('clients').where({ id }).first();
      if (!client) throw new NotFoundError(NOT_FOUND);
      const user: { id: string; username: string } | undefined = await trx('users').where({ client_id: id }).forUpdate().first('id', 'username');
      if (!user) throw new ValidationError(NO_USER);
      await trx('users').where({ id: user.id }).update({ password_hash: hash, password_change_required: true });
      await endSessionsOf(trx, user.id);
      await writeAudit(trx, { actor, entity: 'client', entityId: id, action: 'reset_password', before: null, after: { user_id: user.id, username: user.username }, at: this.deps.clock() });
      const reset = clientPasswordResetMail(
        client.language,
        { name: client.name, username: user.username, password, loginUrl: `${this.deps.config.publicBaseUrl}/login` },
        await mailCompanyOf(trx, mailLanguage(client.language)),
      );
      await enqueueMail(trx, {
        // The `client-user:` prefix has the dispatcher scrub the password once the mail is sent.
        key: `client-user:${user.id}:reset:${randomUUID()}`,
        to: client.email,
        subject: reset.subject,
        ...(await renderMail(reset.content, reset.subject)),
      });
      return { password, username: user.username };
    });
  }

  private async freeUsername(trx: AppDeps['db'], email: string): Promise<string> {
    const base = email.toLowerCase().replace(/[^\w.@+-]/g, '').slice(0, 140) || 'client';
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? base : `${base}-${n}`;
      // Only `trx` here: on PGlite a query on the pool inside a transaction would wait forever.
      if (!(await trx('users').whereRaw('lower(username) = lower(?)', [candidate]).first('id'))) return candidate;
    }
  }
}
