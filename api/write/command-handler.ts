import type { Logger } from 'pino';
import { ConflictError } from '../../domain/shared/errors';
import { assertOpen, lockPolicyOf, type LockedThrough, type LockPolicy } from '../../domain/accounting/period-lock';
import { assertDocumentDays } from '../../domain/accounting/posting-dates';
import {
  StreamConflictError,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type RecordedEvent,
} from '../../eventstore/event-store';
import type { DocumentNumbers, NumberRequest } from './numbering/document-numbers';
import { noteAppended } from '../platform/http/request-context';
import { readModelsReach } from '../platform/write-outcome';

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

/** Where a stream is read from: the event store, or an open transaction of it (which sees its own appends). */
export type StreamReader = Pick<EventStore, 'readStream'>;

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
  /** The stream as the deciding attempt loaded it: with `events`, an answer needs no read after the append. */
  loaded: Loaded<State>;
  /**
   * False when the read models did not reach the append within the wait (or the wait failed): the
   * events are stored, a list may not show them yet, and the answer is marked pending.
   */
  visible: boolean;
}

/** What became of one command of a batch: handled (possibly deciding nothing), or refused with its error. */
export type BatchOutcome<State, Event> = { handled: Handled<State, Event>; error?: undefined } | { handled?: undefined; error: unknown };

export interface HandledBatch<State, Event> {
  /** One per command, in the order given. */
  outcomes: BatchOutcome<State, Event>[];
  /** The latest position the batch appended; undefined when it appended nothing. */
  position?: Position;
  /** False when the read models did not reach `position` within the wait (the answer is pending). */
  visible: boolean;
}

/** Attempts of one command under concurrent appends to its stream before it answers 409. */
export const MAX_ATTEMPTS = 4;

/** Commands of a batch in flight at once where the store shares no transaction with the numbers. */
const PARALLEL_WITHOUT_TRANSACTIONS = 4;

export interface CommandHandlerDeps {
  eventStore: EventStore;
  numbers: DocumentNumbers;
  /** Bounded wait until the read models have the appended position (read-your-writes); false or a throw: not reached. */
  waitFor: (position: Position, options?: { timeoutMs?: number }) => Promise<unknown>;
  /**
   * The period lock in force, read through `reader` (the store, or the append's transaction): the
   * `books` stream's (api/write/period-lock.ts), the one BooksService reads. Without it nothing is refused.
   */
  lockedThrough?: (reader: StreamReader) => Promise<LockedThrough>;
  /** Today in the company's calendar: a person's posting days are bounded by it (assertDocumentDays); without it they are not. */
  today?: () => string;
  logger?: Logger;
}

/**
 * The one write path: load the stream, decide, append with the revision that was loaded, wait for
 * the read models. A concurrent append to the same stream makes the command run again on fresh
 * state, at most MAX_ATTEMPTS times, then answer ConflictError (409). Once the append committed the
 * command has happened: a wait that fails or times out only marks the answer pending
 * (api/platform/write-outcome.ts), it is never an error.
 */
export class CommandHandler {
  constructor(private readonly deps: CommandHandlerDeps) {}

  async load<State, Event>(model: StreamModel<State, Event>, streamId: string): Promise<Loaded<State>> {
    return this.fold(model, await this.deps.eventStore.readStream(streamId));
  }

  private fold<State, Event>(model: StreamModel<State, Event>, events: RecordedEvent[]): Loaded<State> {
    const state = events.map(model.fromRecorded).reduce(model.evolve, model.initialState());
    return { state, revision: events.length === 0 ? 'no_stream' : events[events.length - 1]!.streamRevision, events };
  }

  private empty<State, Event>(model: StreamModel<State, Event>): Loaded<State> {
    return { state: model.initialState(), revision: 'no_stream', events: [] };
  }

  async handle<State, Event>(model: StreamModel<State, Event>, command: Command<State, Event>): Promise<Handled<State, Event>> {
    const handled = await this.attempt(model, command);
    if (handled.position) {
      noteAppended(command.streamId);
      handled.visible = await this.reach(handled.position);
    }
    return handled;
  }

  /**
   * Many commands at once, each as `handle` runs it (its own stream, decision, lock check, retries
   * and, when numbered, its number taken in the append's transaction), then one wait for the read
   * models. Numbered commands started together join one numbering transaction (numbered-batches.ts),
   * from which a refused one is taken out while the others commit: a refusal is that command's
   * outcome, never the batch's. Commands on one stream run one after the other, in the order given.
   * `wait: false` leaves the wait to the caller (`reach`).
   */
  async handleBatch<State, Event>(model: StreamModel<State, Event>, commands: Command<State, Event>[], options: { wait?: boolean; timeoutMs?: number } = {}): Promise<HandledBatch<State, Event>> {
    const outcomes: BatchOutcome<State, Event>[] = new Array(commands.length);
    // The lock in force is read once for the batch's unnumbered commands (each would read the same `books` stream).
    let lock: Promise<LockedThrough> | undefined;
    const lockedThrough = () => (lock ??= this.deps.lockedThrough!(this.deps.eventStore));
    // Each round's streams are read together (one round trip where the store can) for the first attempts.
    let loaded = new Map<number, Loaded<State>>();
    const run = (i: number) =>
      this.attempt(model, commands[i]!, lockedThrough, loaded.get(i)).then(
        (handled) => void (outcomes[i] = { handled }),
        (error: unknown) => void (outcomes[i] = { error }),
      );
    // Where numbered appends share a transaction (PostgreSQL), every command starts at once, so they
    // join one; on EventStoreDB each number is reserved in a transaction of its own: a few at a time.
    const parallel = this.deps.eventStore.transaction ? commands.length : PARALLEL_WITHOUT_TRANSACTIONS;
    // Commands on one stream would only race each other: the second of a stream waits for a round of its own.
    for (const round of roundsByStream(commands)) {
      loaded = await this.loadRound(model, commands, round);
      let next = 0;
      await Promise.all(
        Array.from({ length: Math.min(parallel, round.length) }, async () => {
          while (next < round.length) await run(round[next++]!);
        }),
      );
    }
    let position: Position | undefined;
    for (const [i, { handled }] of outcomes.entries()) {
      if (!handled?.position) continue;
      noteAppended(commands[i]!.streamId);
      if (this.deps.eventStore.comparePositions(position, handled.position) < 0) position = handled.position;
    }
    const visible = position === undefined || options.wait === false ? true : await this.reach(position, options);
    for (const { handled } of outcomes) if (handled?.position) handled.visible = visible;
    return { outcomes, position, visible };
  }

  /**
   * The bounded read-your-writes wait after an append: true once the read models have `position`;
   * false, with the request's answer marked pending, when the wait runs out or fails.
   */
  reach(position: Position, options: { timeoutMs?: number } = {}): Promise<boolean> {
    return readModelsReach(() => this.deps.waitFor(position, options), this.deps.logger);
  }

  /** The streams of a round's commands that are not new, read at once; a failed read leaves each command to load its own. */
  private async loadRound<State, Event>(model: StreamModel<State, Event>, commands: readonly Command<State, Event>[], round: readonly number[]): Promise<Map<number, Loaded<State>>> {
    const reading = round.filter((i) => !commands[i]!.newStream);
    const loaded = new Map<number, Loaded<State>>();
    if (reading.length < 2) return loaded;
    let streams: RecordedEvent[][];
    try {
      streams = await this.deps.eventStore.readStreams(reading.map((i) => commands[i]!.streamId));
    } catch (err) {
      this.deps.logger?.warn({ err }, 'a batch could not read its streams at once; each command reads its own');
      return loaded;
    }
    reading.forEach((i, k) => {
      // A stream whose events cannot be folded: its command loads it itself, and fails alone.
      try {
        loaded.set(i, this.fold(model, streams[k]!));
      } catch {
        /* refused on its own attempt */
      }
    });
    return loaded;
  }

  /**
   * Load, decide, append, again on fresh state after a concurrent append: no wait for the read
   * models. `preloaded` is the stream as a batch read it, for the first attempt.
   */
  private async attempt<State, Event>(
    model: StreamModel<State, Event>,
    command: Command<State, Event>,
    lockedThrough?: () => Promise<LockedThrough>,
    preloaded?: Loaded<State>,
  ): Promise<Handled<State, Event>> {
    for (let attempt = 1; ; attempt++) {
      // A new stream that turns out to exist (a conflict) is loaded like any other on the next attempt.
      const loaded = attempt === 1 && command.newStream ? this.empty(model) : attempt === 1 && preloaded ? preloaded : await this.load(model, command.streamId);
      if (command.expectedRevision !== undefined && loaded.revision !== command.expectedRevision) throw new ConflictError();
      let appended: Handled<State, Event>;
      try {
        appended = await this.append(model, command, loaded, lockedThrough);
      } catch (err) {
        if (!(err instanceof StreamConflictError)) throw err;
        if (command.expectedRevision !== undefined || attempt >= MAX_ATTEMPTS) throw new ConflictError();
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
        continue;
      }
      return appended;
    }
  }

  private async append<State, Event>(
    model: StreamModel<State, Event>,
    command: Command<State, Event>,
    loaded: Loaded<State>,
    lockedThrough: () => Promise<LockedThrough> = () => this.deps.lockedThrough!(this.deps.eventStore),
  ): Promise<Handled<State, Event>> {
    const fold = (events: Event[]) => events.reduce(model.evolve, loaded.state);
    const toNew = (events: Event[]) => events.map((e) => model.toNew(e, command.actor));
    const decide = async (number: string | undefined, lockedThrough: () => Promise<LockedThrough>) => {
      const events = await command.decide(loaded, number);
      // A person dates a document or money movement from 2000 to a year ahead; reports of what happened are never refused.
      if (this.deps.today && model.postingDays && (command.lockPolicy ?? lockPolicyOf(command.actor)) !== 'defer') assertDocumentDays(this.deps.today(), events.flatMap(model.postingDays));
      const days = this.checksLock(model, command) ? events.flatMap(model.postingDays!) : [];
      // The lock is read once per attempt, and only for events that post.
      if (days.length > 0) assertOpen(await lockedThrough(), days);
      return events;
    };
    if (!command.number) {
      const events = await decide(undefined, lockedThrough);
      if (events.length === 0) return { events, state: loaded.state, loaded, visible: true };
      const result = await this.deps.eventStore.append(command.streamId, toNew(events), { expectedRevision: loaded.revision });
      return { position: result.position, events, state: fold(events), loaded, visible: true };
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
            // Read in the append's transaction (as it sees the `books` stream), once for the whole batch.
            events = await decide(number, () => reads.once(PERIOD_LOCK, (tx) => this.deps.lockedThrough!(tx)));
            // Rolls the number back: a command that changes nothing takes none.
            if (events.length === 0) throw new NothingDecided();
            return toNew(events);
          },
        },
      ]);
      return { position: result.position, events, state: fold(events), number: result.numbers[0], loaded, visible: true };
    } catch (err) {
      if (err instanceof NothingDecided) return { events: [], state: loaded.state, loaded, visible: true };
      throw err;
    }
  }

  /** Whether the period lock may refuse this command's events. */
  private checksLock<State, Event>(model: StreamModel<State, Event>, command: Command<State, Event>): boolean {
    return !!model.postingDays && !!this.deps.lockedThrough && (command.lockPolicy ?? lockPolicyOf(command.actor)) !== 'defer';
  }
}

const PERIOD_LOCK = 'period-lock';

/** The commands' indexes in rounds in which no stream appears twice, each round in the given order. */
const roundsByStream = (commands: readonly { streamId: string }[]): number[][] => {
  const rounds: number[][] = [];
  const seen = new Map<string, number>();
  commands.forEach((command, i) => {
    const round = seen.get(command.streamId) ?? 0;
    seen.set(command.streamId, round + 1);
    (rounds[round] ??= []).push(i);
  });
  return rounds;
};

class NothingDecided extends Error {}
