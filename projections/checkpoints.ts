import type { Knex } from 'knex';
import type { Position } from '../eventstore/event-store';

export type HandlerKind = 'projection' | 'reactor';

export interface CheckpointRow {
  name: string;
  kind: HandlerKind;
  position: Position | null;
  events_processed: number;
  updated_at: string | Date;
  last_error: string | null;
  error_event_id: string | null;
  error_position: Position | null;
  error_at: string | Date | null;
}

const TABLE = 'projection_checkpoints';

export const ensureCheckpoint = async (db: Knex, name: string, kind: HandlerKind): Promise<void> => {
  await db(TABLE).insert({ name, kind }).onConflict('name').ignore();
};

export const readCheckpoints = (db: Knex, names?: string[]): Promise<CheckpointRow[]> => {
  const q = db<CheckpointRow>(TABLE).select('*').orderBy('name');
  return names ? q.whereIn('name', names) : q;
};

export const advanceCheckpoint = async (trx: Knex.Transaction, name: string, position: Position, processed: number): Promise<void> => {
  await trx(TABLE)
    .where({ name })
    .update({
      position,
      events_processed: trx.raw('events_processed + ?', [processed]),
      updated_at: trx.fn.now(),
      last_error: null,
      error_event_id: null,
      error_position: null,
      error_at: null,
    })
    // Prepared once per connection: every batch of every runner ends with it.
    .options({ name: 'advance_checkpoint' });
};

export const recordFailure = async (db: Knex, name: string, error: string, eventId?: string, position?: Position): Promise<void> => {
  await db(TABLE)
    .where({ name })
    .update({ last_error: error, error_event_id: eventId ?? null, error_position: position ?? null, error_at: db.fn.now() });
};

export const resetCheckpoint = async (trx: Knex.Transaction, name: string): Promise<void> => {
  await trx(TABLE)
    .where({ name })
    .update({ position: null, events_processed: 0, updated_at: trx.fn.now(), last_error: null, error_event_id: null, error_position: null, error_at: null });
};
