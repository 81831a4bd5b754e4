import type { Position } from '../event-store';

/**
 * A PostgreSQL position is the read-order key `(transaction_id, global_position)`, written as
 * "<xid>:<global position>" with both parts zero-padded to 20 digits so positions also sort as text.
 */
export interface PgKey {
  tx: string;
  pos: string;
}

const PART = /^\d{1,20}$/;

export const formatPgPosition = (tx: string | number | bigint, pos: string | number | bigint): Position =>
  `${String(tx).padStart(20, '0')}:${String(pos).padStart(20, '0')}`;

export const parsePgPosition = (position: Position): PgKey => {
  const [tx, pos, extra] = String(position).split(':');
  if (extra !== undefined || !PART.test(tx ?? '') || !PART.test(pos ?? '')) {
    throw new Error(`Not a PostgreSQL event store position: ${JSON.stringify(position)}`);
  }
  return { tx: BigInt(tx).toString(), pos: BigInt(pos).toString() };
};

const CANONICAL = /^\d{20}:\d{20}$/;

export const comparePgPositions = (a: Position | undefined, b: Position | undefined): number => {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? -1 : 1;
  // As formatted (zero-padded), positions sort as text: waiters compare them at every batch.
  if (CANONICAL.test(a) && CANONICAL.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  const ka = parsePgPosition(a);
  const kb = parsePgPosition(b);
  const tx = BigInt(ka.tx) - BigInt(kb.tx);
  if (tx !== 0n) return tx < 0n ? -1 : 1;
  const pos = BigInt(ka.pos) - BigInt(kb.pos);
  return pos === 0n ? 0 : pos < 0n ? -1 : 1;
};
