import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { checkSupplier, normaliseSupplier, purchaseAccountRefusal, vatNumberKey, VAT_NUMBER_TAKEN, type SaveSupplier } from '../../domain/purchases/supplier';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/shared/errors';
import { bpToPercent } from '../../domain/shared/money';
import type { AppDeps } from '../platform/deps';
import { deleteAudited, insertAudited, updateVersioned } from '../platform/versioned';
import { purchaseAccountsById } from './purchase-accounts';
import { isUuid, toIso } from '../platform/wire';
import { ACTOR_NAME, ACTOR_NAME_JOINS } from '../auth';

const NOT_FOUND = 'Supplier not found.';
const INVALID = 'Please correct the errors below.';
const IN_USE = 'This supplier has bills and cannot be deleted.';
const UNIQUE_VIOLATION = '23505';

export interface SupplierRow {
  id: string;
  name: string;
  vat_number: string;
  vat_key: string;
  country: string;
  address: string;
  iban: string | null;
  default_account_id: string | null;
  default_vat_rate_bp: number;
  payment_terms_days: number;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface SupplierWire {
  id: string;
  name: string;
  vat_number: string;
  country: string;
  address: string;
  iban: string | null;
  default_account: string | null;
  default_vat_rate: number;
  payment_terms_days: number;
  version: number;
  created_at: string;
  updated_at: string;
}

/** One change of a supplier as the audit trail holds it: who, when, and each field's value before and after. */
export interface SupplierHistoryWire {
  action: 'create' | 'update' | 'delete';
  at: string;
  actor: string | null;
  changes: Array<{ field: keyof SupplierWire; before: unknown; after: unknown }>;
}

export const supplierWire = (r: SupplierRow): SupplierWire => ({
  id: r.id,
  name: r.name,
  vat_number: r.vat_number,
  country: r.country,
  address: r.address,
  iban: r.iban,
  default_account: r.default_account_id,
  default_vat_rate: bpToPercent(r.default_vat_rate_bp),
  payment_terms_days: r.payment_terms_days,
  version: r.version,
  created_at: toIso(r.created_at),
  updated_at: toIso(r.updated_at),
});

/** The fields a person changes, as the wire names them (version and timestamps left out). */
const HISTORY_FIELDS = ['name', 'vat_number', 'country', 'address', 'iban', 'default_account', 'default_vat_rate', 'payment_terms_days'] as const;

const columns = (c: SaveSupplier) => ({
  name: c.name,
  vat_number: c.vatNumber,
  vat_key: vatNumberKey(c.vatNumber, c.country),
  country: c.country,
  address: c.address,
  iban: c.iban,
  default_account_id: c.defaultAccountId,
  default_vat_rate_bp: c.defaultVatRateBp,
  payment_terms_days: c.paymentTermsDays,
});

/**
 * Suppliers: an audited table (every change in `audit_log`, read back as the supplier's history).
 * A VAT number belongs to one supplier, so an inbound e-invoice names exactly one.
 */
export class SupplierService {
  constructor(private readonly deps: Pick<AppDeps, 'db' | 'clock'>) {}

  async list(): Promise<SupplierWire[]> {
    const rows: SupplierRow[] = await this.deps.db('suppliers').orderByRaw('lower(name), id');
    return rows.map(supplierWire);
  }

  async get(id: string): Promise<SupplierWire> {
    return supplierWire(await this.row(this.deps.db, id));
  }

  async create(command: SaveSupplier, actor: string): Promise<SupplierWire> {
    const c = normaliseSupplier(command);
    const row = await this.write(async (trx) => {
      await this.check(trx, c, null);
      return insertAudited<SupplierRow & { [k: string]: unknown }>(trx, { table: 'suppliers', entity: 'supplier', actor, now: this.deps.clock(), row: { id: randomUUID(), ...columns(c) } });
    });
    return supplierWire(row);
  }

  async update(id: string, command: SaveSupplier, actor: string): Promise<SupplierWire> {
    const c = normaliseSupplier(command);
    const row = await this.write(async (trx) => {
      const before = await this.row(trx, id);
      await this.check(trx, c, id, { vatNumber: before.vat_number, country: before.country });
      return updateVersioned<SupplierRow & { [k: string]: unknown }>(trx, {
        table: 'suppliers',
        entity: 'supplier',
        id,
        expectedVersion: c.expectedVersion,
        expectedUpdatedAt: c.expectedUpdatedAt,
        actor,
        now: this.deps.clock(),
        notFound: NOT_FOUND,
        patch: columns(c),
      });
    });
    return supplierWire(row);
  }

  /** Refused once bills name the supplier (a foreign key): they are documents of record. */
  async remove(id: string, actor: string): Promise<void> {
    if (!isUuid(id)) throw new NotFoundError(NOT_FOUND);
    await this.deps.db.transaction((trx) => deleteAudited(trx, { table: 'suppliers', entity: 'supplier', id, actor, now: this.deps.clock(), notFound: NOT_FOUND, inUse: IN_USE }));
  }

  /** Every change of the supplier, oldest first, with the user who made it. */
  async history(id: string): Promise<SupplierHistoryWire[]> {
    if (!isUuid(id)) throw new NotFoundError(NOT_FOUND);
    const rows = (await this.deps
      .db('audit_log as a')
      .joinRaw(ACTOR_NAME_JOINS('a'))
      .where({ 'a.entity': 'supplier', 'a.entity_id': id })
      .orderBy([{ column: 'a.at' }, { column: 'a.id' }])
      .select('a.action', 'a.at', 'a.before', 'a.after', this.deps.db.raw(`${ACTOR_NAME} as username`))) as Array<{ action: SupplierHistoryWire['action']; at: Date | string; before: unknown; after: unknown; username: string | null }>;
    if (!rows.length) throw new NotFoundError(NOT_FOUND);
    const wireOf = (value: unknown): SupplierWire | null => (value === null ? null : supplierWire((typeof value === 'string' ? JSON.parse(value) : value) as SupplierRow));
    return rows.map((r) => {
      const before = wireOf(r.before);
      const after = wireOf(r.after);
      const changes = HISTORY_FIELDS.filter((f) => JSON.stringify(before?.[f] ?? null) !== JSON.stringify(after?.[f] ?? null)).map((field) => ({ field, before: before?.[field] ?? null, after: after?.[field] ?? null }));
      return { action: r.action, at: toIso(r.at), actor: r.username, changes };
    });
  }

  /** A transaction; the VAT number's unique index, should two saves race past the check, answers as the check does. */
  private async write<T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
    try {
      return await this.deps.db.transaction(work);
    } catch (err) {
      if ((err as { code?: string }).code === UNIQUE_VIOLATION && String((err as { constraint?: string; message?: string }).constraint ?? (err as Error).message).includes('suppliers_vat_key')) {
        throw new ConflictError(VAT_NUMBER_TAKEN, 'VAT_NUMBER_TAKEN');
      }
      throw err;
    }
  }

  private async row(db: Knex, id: string): Promise<SupplierRow> {
    const row: SupplierRow | undefined = isUuid(id) ? await db('suppliers').where({ id }).first() : undefined;
    if (!row) throw new NotFoundError(NOT_FOUND);
    return row;
  }

  /** The domain's checks, then what needs the books: the default account takes purchases, the VAT number is no other supplier's. */
  private async check(trx: Knex.Transaction, c: SaveSupplier, self: string | null, stored?: Pick<SaveSupplier, 'vatNumber' | 'country'>): Promise<void> {
    const errors = checkSupplier(c, stored);
    if (c.defaultAccountId !== null) {
      const refusal = purchaseAccountRefusal((await purchaseAccountsById(trx, [c.defaultAccountId])).get(c.defaultAccountId));
      if (refusal) errors.defaultAccountId = [refusal];
    }
    if (Object.keys(errors).length) throw new ValidationError(INVALID, errors);
    const key = vatNumberKey(c.vatNumber, c.country);
    if (!key) return;
    const other = (await trx('suppliers').where({ country: c.country, vat_key: key }).modify((q) => (self ? q.whereNot({ id: self }) : q)).first('name')) as { name: string } | undefined;
    if (other) throw new ConflictError(`${VAT_NUMBER_TAKEN.slice(0, -1)}: ${other.name}${other.name.endsWith('.') ? '' : '.'}`, 'VAT_NUMBER_TAKEN', { name: other.name });
  }
}
