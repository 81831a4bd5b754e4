import type { Knex } from 'knex';

export type AuditAction = 'create' | 'update' | 'delete' | 'create_user' | 'reset_password';

/** One row per admin change, written in the change's own transaction: who, when, before, after. */
export const writeAudit = async (
  trx: Knex,
  entry: { actor: string; entity: string; entityId: string; action: AuditAction; before: unknown; after: unknown; at: Date },
): Promise<void> => {
  await trx('audit_log').insert({
    actor: entry.actor,
    entity: entry.entity,
    entity_id: entry.entityId,
    action: entry.action,
    before: entry.before === null || entry.before === undefined ? null : JSON.stringify(entry.before),
    after: entry.after === null || entry.after === undefined ? null : JSON.stringify(entry.after),
    at: entry.at,
  });
};
