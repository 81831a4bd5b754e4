import type { Knex } from 'knex';
import type { RecordedEvent } from '../eventstore/event-store';

/**
 * A read model fed by events. The runner calls `apply` with a batch of events in global order
 * inside one transaction that also advances the projection's checkpoint, so each batch takes
 * effect exactly once. Keep the logic a pure evolve(row | null, event) and this a thin writer.
 */
export interface Projection {
  name: string;
  /** Event types it reads; others never reach it. */
  eventTypes: string[];
  /** Read-model tables it owns: emptied before a rebuild replays from position 0. */
  tables: string[];
  apply: (trx: Knex.Transaction, events: RecordedEvent[]) => Promise<void>;
}

/**
 * A side-effect handler (e-mail, notifications) with its own checkpoint. `handle` reacts to a batch
 * of events, in order, inside the transaction that advances the checkpoint (keeping what it
 * remembers between events in memory and writing it once per batch is its own business); effects
 * that leave the database (SMTP) go through an outbox written in that transaction, so none is
 * lost or doubled.
 */
export interface Reactor {
  name: string;
  eventTypes: string[];
  handle: (trx: Knex.Transaction, events: RecordedEvent[]) => Promise<void>;
}
