import { type RecordedEvent as EsdbRecordedEvent } from '@eventstore/db-client';
import { type RecordedEvent } from '../event-store';
import { formatEsdbPosition } from './positions';

const isSystem = (e: { type: string; streamId: string }) => e.type.startsWith('$') || e.streamId.startsWith('$');

/** Our RecordedEvent from the client's; undefined for events that are not ours (system, non-JSON). */
export const fromEsdb = (e: EsdbRecordedEvent | undefined): RecordedEvent | undefined => {
  if (!e || !e.isJson || !e.position || isSystem(e)) return undefined;
  const metadata = (e.metadata && typeof e.metadata === 'object' && !(e.metadata instanceof Uint8Array) ? e.metadata : {}) as RecordedEvent['metadata'];
  return {
    eventId: e.id,
    streamId: e.streamId,
    streamRevision: Number(e.revision),
    position: formatEsdbPosition(e.position),
    type: e.type,
    data: e.data,
    metadata: { ...metadata, recordedAt: metadata.recordedAt ?? e.created.toISOString() },
  };
};
