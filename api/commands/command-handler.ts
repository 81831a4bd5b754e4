import type { Knex } from 'knex';
import { ConflictError } from '../../domain/shared/errors';
import { assertOpen, lockPolicyOf, type LockedThrough, type LockPolicy } from '../../domain/accounting/period-lock';
import {
  StreamConflictError,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type RecordedEvent,
} from '../../eventstore/event-store';
import type { DocumentNumbers, NumberRequest } from '../numbering/document-numbers';

/** How one kind of stream is folded and written: the aggregate's evolve plus its event envelope. */
export interface StreamModel<State, Event> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  /** A stored (already upcast) event as the aggregate's event. */
  fromRecorded: (recorded: RecordedEvent) => Event;
  /** The aggregate's event as the store takes it: type, data, stable id, schema version. */
  toNew: (event: Event, actor: string) => NewEvent;
  /** Days the event asks to post on (the ledger's streams): the period lock refuses locked ones when a person asks. */
  postingDays?: (event: Event) => string[];
}

export interface Loaded<State> {
  state: State;
  /** Revision of the stream's last event, or 'no_stream'. */
  revision: ExpectedRevision;
  events: RecordedEvent[];
}

export interface Command<State, Event> {
  streamId: string;
  actor: string;
  /**
   * The stream revision the caller edited: another current revision is a 409, never retried.
   * Without it a conflicting concurrent append is retried on fresh state.
   */
  expectedRevision?: number;
  /** The stream id was made for this command (a random UUID): nothing to load before deciding. */
  newStream?: boolean;
  /** A document number taken in the same step as the append; `decide` receives it. */
  number?: { documentId: string; request: NumberRequest };
  decide: (loaded: Loaded<State>, number: string | undefined) => Event[] | Promise<Event[]>;
  /** Default: refuse for a person, defer for a gateway, the scheduler or the system (`lockPolicyOf`). */
  lockPolicy?: LockPolicy;
}

export interface Handled<State, Event> {
  /** Undefined when the command decided nothing. */
  position?: Position;
  events: Event[];
  state: State;
  number?: string;
}

/** Attempts of one command under concurrent appends to its stream before it answers 409. */
export const MAX_ATTEMPTS = 4;

export interface CommandHandlerDeps {
  eventStore: EventStore;
  numbers: DocumentNumbers;
  /** Bounded wait until the read models have the appended position (read-your-writes). */
  waitFor: (position: Position) => Promise<unknown>;
  /** The period lock in force (the ledger's); without it nothing is refused. */
  lockedThrough?: (db?: Knex) => Promise<LockedThrough>;
}

/**
 * The one write path: load the stream, decide, append with the revision that was loaded, wait for
 * the read models. A concurrent append to the same stream makes the command run again on fresh
 * state, at most MAX_ATTEMPTS times, then answer ConflictError (409).
 */
export class CommandHandler {
  constructor(private readonly deps: CommandHandlerDeps) {}

  async load<State, Event>(model: StreamModel<State, Event>, streamId: string): Promise<Loaded<State>> {
    const events = await this.deps.eventStore.readStream(streamId);
    const state = events.map(model.fromRecorded).reduce(model.evolve, model.initialState());
    return { state, revision: events.length === 0 ? 'no_stream' : events[events.length - 1]!.streamRevision, events };
  }

  private empty<State, Event>(model: StreamModel<State, Event>): Loaded<State> {
    return { state: model.initialState(), revision: 'no_stream', events: [] };
  }

  async handle<State, Event>(model: StreamModel<State, Event>, command: Command<State, Event>): Promise<Handled<State, Event>> {
    for (let attempt = 1; ; attempt++) {
      // A new stream that turns out to exist (a conflict) is loaded like any other on the next attempt.
      const loaded = command.newStream && attempt === 1 ? this.empty(model) : await this.load(model, command.streamId);
      if (command.expectedRevision !== undefined && loaded.revision !== command.expectedRevision) throw new ConflictError();
      try {
        const appended = await this.append(model, command, loaded);
        if (appended.position) await this.deps.waitFor(appended.position);
        return appended;
      } catch (err) {
        if (!(err instanceof StreamConflictError)) throw err;
        if (command.expectedRevision !== undefined || attempt >= MAX_ATTEMPTS) throw new ConflictError();
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
      }
    }
  }

  private async append<State, Event>(model: StreamModel<State, Event>, command: Command<State, Event>, loaded: Loaded<State>): Promise<Handled<State, Event>> {
    const fold = (events: Event[]) => events.reduce(model.evolve, loaded.state);
    const toNew = (events: Event[]) => events.map((e) => model.toNew(e, command.actor));
    const decide = async (number: string | undefined, lockedThrough: () => Promise<LockedThrough>) => {
      const events = await command.decide(loaded, number);
      const days = this.checksLock(model, command) ? events.flatMap(model.postingDays!) : [];
      // The lock is read once per attempt, and only for events that post.
      if (days.length > 0) assertOpen(await lockedThrough(), days);
      return events;
    };
    if (!command.number) {
      const events = await decide(undefined, () => this.deps.lockedThrough!());
      if (events.length === 0) return { events, state: loaded.state };
      const result = await this.deps.eventStore.append(command.streamId, toNew(events), { expectedRevision: loaded.revision });
      return { position: result.position, events, state: fold(events) };
    }
    // The number is known only inside the numbering step, so the (pure) decision is made there,
    // with the lock read once for all the documents numbered together.
    const { documentId, request } = command.number;
    let events: Event[] = [];
    try {
      const result = await this.deps.numbers.append([
        {
          documentId,
          streamId: command.streamId,
          expectedRevision: loaded.revision,
          request,
          build: async (number, reads) => {
            events = await decide(number, () => reads.once(PERIOD_LOCK, (db) => this.deps.lockedThrough!(db)));
            // Rolls the number back: a command that changes nothing takes none.
            if (events.length === 0) throw new NothingDecided();
            return toNew(events);
          },
        },
      ]);
      return { position: result.position, events, state: fold(events), number: result.numbers[0] };
    } catch (err) {
      if (err instanceof NothingDecided) return { events: [], state: loaded.state };
      throw err;
    }
  }

  /** Whether the period lock may refuse this command's events. */
  private checksLock<State, Event>(model: StreamModel<State, Event>, command: Command<State, Event>): boolean {
    return !!model.postingDays && !!this.deps.lockedThrough && (command.lockPolicy ?? lockPolicyOf(command.actor)) !== 'defer';
  }
}

const PERIOD_LOCK = 'period-lock';

class NothingDecided extends Error {}
