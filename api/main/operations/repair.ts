import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { annulment, type Annulment } from '../../../domain/invoice/annul';
import type { InvoiceEvent } from '../../../domain/invoice/events';
import type { InvoiceState } from '../../../domain/invoice/invoice';
import { inexactAmounts } from '../../../domain/shared/money';
import type { EventStore, Position } from '../../../eventstore/event-store';
import type { ProjectionEngine } from '../../../projections/engine';
import type { Projection } from '../../../projections/projection';
import { rebuildProjection } from '../../../projections/rebuild';
import { readSkips, resolveAnnulled } from '../../../projections/skips';
import { invoiceModel } from '../../invoicing/invoice-stream';
import { CommandHandler, type StreamModel } from '../../write/command-handler';
import { DocumentNumbers } from '../../write/numbering/document-numbers';

/**
 * The operator's repair of history written before amounts were bounded (`npm run projections --
 * repair`): every stream is read for events with an amount no number holds exactly; each invoice
 * among them is annulled by a corrective event (domain/invoice/annul.ts), appended by `system`
 * through the one write path at the stream's revision; then every projection is rebuilt, so rows
 * the old code had folded from those events are gone and the events are recorded as skipped and
 * resolved; reactors' rows are marked resolved. Running it again finds nothing more to do.
 */

export interface RepairDeps {
  db: Knex;
  store: EventStore;
  logger: Logger;
  projections: Projection[];
  /** The engine running in this process, if any (its runners resume after each rebuild). */
  engine?: ProjectionEngine;
  /** The write path; one without read-model waits is made when absent (the command line). */
  commands?: CommandHandler;
}

export interface RepairResult {
  /** Invoices annulled now, with the events each annulment makes void. */
  annulled: { invoiceId: string; streamId: string; annuls: string[]; eventId?: string }[];
  /** Streams with inexact events that are not invoices: no repair is known for them. */
  unrepairable: { streamId: string; eventId: string; eventType: string }[];
  /** Projections rebuilt, with whether each caught up. */
  rebuilt: { name: string; caughtUp: boolean }[];
  /** Skipped events still unresolved afterwards (0 when the read models are complete). */
  unresolved: number;
}

const PAGE = 1000;

/** Every stream that holds an event with an inexact amount, in the order its first such event was written. */
const streamsWithInexactEvents = async (store: EventStore): Promise<Map<string, { eventId: string; eventType: string }>> => {
  const found = new Map<string, { eventId: string; eventType: string }>();
  let after: Position | undefined;
  for (;;) {
    const page = await store.readAll({ after, limit: PAGE });
    for (const e of page.events) if (!found.has(e.streamId) && inexactAmounts(e.data).length > 0) found.set(e.streamId, { eventId: e.eventId, eventType: e.type });
    if (!page.hasMore || page.lastPosition === undefined || page.lastPosition === after) return found;
    after = page.lastPosition;
  }
};

/** Annuls one invoice stream if it still needs it; undefined when it does not. */
const annulInvoice = async (commands: CommandHandler, streamId: string): Promise<RepairResult['annulled'][number] | undefined> => {
  let decided: Annulment | null = null;
  // The annulment's metadata names the events it makes void, so read models know them resolved.
  const model: StreamModel<InvoiceState, InvoiceEvent> = {
    ...invoiceModel,
    toNew: (event, actor) => {
      const written = invoiceModel.toNew(event, actor);
      return decided && event === decided.event ? { ...written, metadata: { ...written.metadata, annuls: decided.annuls } } : written;
    },
  };
  const handled = await commands.handle(model, {
    streamId,
    actor: 'system',
    decide: ({ events }) => {
      decided = annulment(events.map((r) => ({ eventId: r.eventId, event: invoiceModel.fromRecorded(r), annuls: Array.isArray(r.metadata.annuls) ? (r.metadata.annuls as string[]) : undefined })));
      return decided ? [decided.event] : [];
    },
  });
  const done = decided as Annulment | null;
  if (!done || handled.events.length === 0) return undefined;
  return { invoiceId: done.event.data.invoiceId, streamId, annuls: done.annuls };
};

export const repairImpossibleDocuments = async (deps: RepairDeps): Promise<RepairResult> => {
  const commands = deps.commands ?? new CommandHandler({ eventStore: deps.store, numbers: new DocumentNumbers(deps.db, deps.store, deps.logger), waitFor: async () => true });
  const streams = await streamsWithInexactEvents(deps.store);
  const annulled: RepairResult['annulled'] = [];
  const unrepairable: RepairResult['unrepairable'] = [];
  for (const [streamId, first] of streams) {
    if (!streamId.startsWith('invoice-')) {
      unrepairable.push({ streamId, ...first });
      continue;
    }
    const done = await annulInvoice(commands, streamId);
    if (done) {
      annulled.push(done);
      deps.logger.warn({ streamId, annuls: done.annuls }, `repair: annulled invoice ${done.invoiceId}, whose amounts no number holds exactly`);
    }
  }
  for (const s of unrepairable) deps.logger.error(s, 'repair: a stream that is not an invoice holds an amount no number holds exactly; no automatic repair is known for it');
  // Rows the old code folded from inexact events go with a rebuild; the events are then recorded as skipped and resolved.
  const rebuilt: RepairResult['rebuilt'] = [];
  for (const p of deps.projections) {
    const result = await rebuildProjection({ db: deps.db, store: deps.store, logger: deps.logger, engine: deps.engine, projections: deps.projections }, p.name, { timeoutMs: 24 * 3600_000 });
    rebuilt.push({ name: p.name, caughtUp: result.caughtUp });
  }
  await resolveAnnulled(deps.db, deps.store);
  const unresolved = (await readSkips(deps.db, { unresolvedOnly: true, limit: 100_000 })).length;
  return { annulled, unrepairable, rebuilt, unresolved };
};
