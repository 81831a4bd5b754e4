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

/**
 * Commits one group; every append in it is settled with its own result or error. `alone` appends
 * one as if it had never been grouped: a group of one goes that way directly.
 */
export const commitGroup = async (
  db: Knex,
  group: readonly PendingAppend[],
  alone: (p: PendingAppend) => Promise<AppendResult>,
): Promise<void> => {
  const settleAlone = (p: PendingAppend) => alone(p).then(p.resolve, p.reject);
  if (group.length === 1) return settleAlone(group[0]!);
  let written: Map<string, AppendResult>;
  try {
    written = await appendGroup(db, group);
  } catch {
    // The statement failed whole, so nothing was written (a retried append's duplicate event id,
    // a deadlock with a caller's transaction): each append again alone, so it fails alone.
    await Promise.all(group.map(settleAlone));
    return;
  }
  const failed: PendingAppend[] = [];
  for (const p of group) {
    const result = written.get(p.streamId);
    if (result) p.resolve(result);
    else failed.push(p);
  }
  // A failed revision check is tried again alone, which reports the conflict (or finds the events
  // already written, for a retry) exactly as an ungrouped append does.
  await Promise.all(failed.map(settleAlone));
};
