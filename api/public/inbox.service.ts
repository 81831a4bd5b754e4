import type { Knex } from 'knex';
import { NotFoundError } from '../../domain/shared/errors';
import { writeAudit } from '../platform/audit';
import type { AppDeps } from '../platform/deps';
import { isUuid, toIso } from '../platform/wire';

export type InboxKind = 'contact' | 'demo';

export interface InboxFilter {
  /** Undefined: both handled and unhandled. */
  handled?: boolean;
  limit: number;
  offset: number;
}

export interface ContactMessageRow {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  language: string | null;
  handled: boolean;
  handled_at: string | null;
  created_at: string;
}

export interface DemoRequestRow {
  id: string;
  name: string;
  email: string;
  company: string;
  date: string;
  time: string;
  message: string | null;
  language: string | null;
  handled: boolean;
  handled_at: string | null;
  created_at: string;
}

const TABLES: Record<InboxKind, string> = { contact: 'contact_messages', demo: 'demo_requests' };
const NOT_FOUND: Record<InboxKind, string> = { contact: 'Contact message not found.', demo: 'Demo request not found.' };

const normalise = <T extends { handled_at: unknown; created_at: unknown }>(row: T): T => ({
  ...row,
  handled_at: row.handled_at === null || row.handled_at === undefined ? null : toIso(row.handled_at),
  created_at: toIso(row.created_at),
});

/** The back office's side of the public inbox: unhandled first, then newest first. */
export class InboxService {
  constructor(private readonly deps: AppDeps) {}

  private async page<T extends { handled_at: unknown; created_at: unknown }>(kind: InboxKind, filter: InboxFilter): Promise<{ items: T[]; total: number }> {
    const scoped = (q: Knex.QueryBuilder) => (filter.handled === undefined ? q : q.where('handled', filter.handled));
    const rows: T[] = await scoped(this.deps.db(TABLES[kind]))
      .orderBy([{ column: 'handled' }, { column: 'created_at', order: 'desc' }, { column: 'id' }])
      .limit(filter.limit)
      .offset(filter.offset);
    const count = await scoped(this.deps.db(TABLES[kind])).count({ n: '*' }).first();
    return { items: rows.map(normalise), total: Number(count?.n ?? 0) };
  }

  contactMessages(filter: InboxFilter) {
    return this.page<ContactMessageRow>('contact', filter);
  }

  demoRequests(filter: InboxFilter) {
    return this.page<DemoRequestRow>('demo', filter);
  }

  async unhandledCounts(): Promise<{ contact: number; demo: number }> {
    const [c, d] = await Promise.all([
      this.deps.db('contact_messages').where('handled', false).count({ n: '*' }).first(),
      this.deps.db('demo_requests').where('handled', false).count({ n: '*' }).first(),
    ]);
    return { contact: Number(c?.n ?? 0), demo: Number(d?.n ?? 0) };
  }

  /** Sets or clears the handled flag; audited like the other admin changes. */
  async markHandled(kind: InboxKind, id: string, handled: boolean, actor: string): Promise<ContactMessageRow | DemoRequestRow> {
    if (!isUuid(id)) throw new NotFoundError(NOT_FOUND[kind]);
    const table = TABLES[kind];
    return this.deps.db.transaction(async (trx) => {
      const before = await trx(table).where({ id }).forUpdate().first('id', 'handled', 'handled_at');
      if (!before) throw new NotFoundError(NOT_FOUND[kind]);
      const now = this.deps.clock();
      const patch = { handled, handled_at: handled ? now : null, updated_at: now };
      await trx(table).where({ id }).update(patch);
      await writeAudit(trx, { actor, entity: table, entityId: id, action: 'update', before, after: { handled, handled_at: patch.handled_at }, at: now });
      return normalise(await trx(table).where({ id }).first());
    });
  }
}
