import type { Knex } from 'knex';
import type { AppendResult, ExpectedRevision } from '../event-store';
import type { ValidEvent } from '../validation';
import type { Queued } from './group-commit';
import { formatPgPosition } from './positions';
import { appendGroupSql } from './sql';

/** An append waiting for its group's commit; settled with its own result or error. */
export interface PendingAppend extends Queued {
  expected: ExpectedRevision;
  valid: ValidEvent[];
  resolve: (result: AppendResult) => void;
}

const mode = (expected: ExpectedRevision): string => (typeof expected === 'number' ? 'exact' : expected);

/**
 * Writes a group of appends to distinct streams in one statement and commit. Returns the result of
 * each append whose expected revision held, by stream; the others wrote nothing. Throws when the
 * statement failed as a whole (then nothing of the group was written).
 */
export const appendGroup = async (db: Knex, group: readonly PendingAppend[]): Promise<Map<string, AppendResult>> => {
  const apps = group.map((p) => ({
    stream_id: p.streamId,
    mode: mode(p.expected),
    expected: typeof p.expected === 'number' ? p.expected : null,
    n: p.valid.length,
  }));
  const events: string[] = [];
  for (const p of group) {
    const stream = JSON.stringify(p.streamId);
    for (const [i, e] of p.valid.entries()) {
      events.push(
        `{"ord":${events.length},"stream_id":${stream},"i":${i},"event_id":"${e.eventId}","type":${JSON.stringify(e.type)},"data":${e.dataJson},"metadata":${e.metadataJson}}`,
      );
    }
  }
  const res = (await db.raw(appendGroupSql, [JSON.stringify(apps), `[${events.join(',')}]`])) as {
    rows: { tx: string; pos: number; stream_id: string; stream_revision: number | string }[];
  };
  const last = new Map<string, AppendResult>();
  for (const r of res.rows) {
    const revision = Number(r.stream_revision);
    if ((last.get(r.stream_id)?.nextExpectedRevision ?? -1) < revision) {
      last.set(r.stream_id, { nextExpectedRevision: revision, position: formatPgPosition(r.tx, r.pos) });
    }
  }
  return last;
};
