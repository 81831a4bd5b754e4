import type { Knex } from 'knex';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/shared/errors';
import { writeAudit } from './audit';

export interface VersionedRow {
  id: string;
  version: number;
  [column: string]: unknown;
}

/**
 * Updates one row of an audited table. When the caller echoes the version it read, a row changed
 * since is a 409; the row lock makes the check and the write one step under concurrency.
 */
export const updateVersioned = async <Row extends VersionedRow>(
  trx: Knex.Transaction,
  args: {
    table: string;
    entity: string;
    id: string;
    expectedVersion?: number;
    /** The `updated_at` the caller read (ISO); an alternative to the version. */
    expectedUpdatedAt?: string;
    patch: Record<string, unknown>;
    actor: string;
    now: Date;
    notFound: string;
  },
): Promise<Row> => {
  const before: Row | undefined = await trx(args.table).where({ id: args.id }).forUpdate().first();
  if (!before) throw new NotFoundError(args.notFound);
  if (args.expectedVersion !== undefined && args.expectedVersion !== before.version) throw new ConflictError();
  if (args.expectedUpdatedAt !== undefined && Date.parse(args.expectedUpdatedAt) !== new Date(before.updated_at as string).getTime()) {
    throw new ConflictError();
  }
  const [after] = (await trx(args.table)
    .where({ id: args.id })
    .update({ ...args.patch, version: before.version + 1, updated_at: args.now })
    .returning('*')) as Row[];
  await writeAudit(trx, { actor: args.actor, entity: args.entity, entityId: args.id, action: 'update', before, after, at: args.now });
  return after!;
};

export const insertAudited = async <Row extends VersionedRow>(
  trx: Knex.Transaction,
  args: { table: string; entity: string; row: Record<string, unknown>; actor: string; now: Date },
): Promise<Row> => {
  const [after] = (await trx(args.table).insert({ ...args.row, created_at: args.now, updated_at: args.now }).returning('*')) as Row[];
  await writeAudit(trx, { actor: args.actor, entity: args.entity, entityId: after!.id, action: 'create', before: null, after, at: args.now });
  return after!;
};

const FOREIGN_KEY_VIOLATION = '23503';

export const deleteAudited = async (
  trx: Knex.Transaction,
  args: { table: string; entity: string; id: string; actor: string; now: Date; notFound: string; inUse: string },
): Promise<void> => {
  const before = await trx(args.table).where({ id: args.id }).forUpdate().first();
  if (!before) throw new NotFoundError(args.notFound);
  try {
    await trx(args.table).where({ id: args.id }).delete();
  } catch (err) {
    // A reference added by a concurrent transaction: the foreign key refuses, and so do we.
    if ((err as { code?: string }).code === FOREIGN_KEY_VIOLATION) throw new ValidationError(args.inUse);
    throw err;
  }
  await writeAudit(trx, { actor: args.actor, entity: args.entity, entityId: args.id, action: 'delete', before, after: null, at: args.now });
};
