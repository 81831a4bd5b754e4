import type { Position } from '../event-store';

/** EventStoreDB $all positions as "<commit>/<prepare>", both zero-padded to 20 digits. */
export interface EsdbPosition {
  commit: bigint;
  prepare: bigint;
}

const PART = /^\d{1,20}$/;

export const formatEsdbPosition = (p: EsdbPosition): Position =>
  `${p.commit.toString().padStart(20, '0')}/${p.prepare.toString().padStart(20, '0')}`;

export const parseEsdbPosition = (position: Position): EsdbPosition => {
  const [commit, prepare, extra] = String(position).split('/');
  if (extra !== undefined || !PART.test(commit ?? '') || !PART.test(prepare ?? '')) {
    throw new Error(`Not an EventStoreDB position: ${JSON.stringify(position)}`);
  }
  return { commit: BigInt(commit!), prepare: BigInt(prepare!) };
};

export const compareEsdbPositions = (a: Position | undefined, b: Position | undefined): number => {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? -1 : 1;
  const pa = parseEsdbPosition(a);
  const pb = parseEsdbPosition(b);
  if (pa.commit !== pb.commit) return pa.commit < pb.commit ? -1 : 1;
  return pa.prepare === pb.prepare ? 0 : pa.prepare < pb.prepare ? -1 : 1;
};
