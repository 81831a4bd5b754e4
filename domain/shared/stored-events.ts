/**
 * How an aggregate reads its own events back. The event store hands back a type and a JSON value;
 * each aggregate's `stream.ts` decodes them into its typed events, and old shapes never get that
 * far: the aggregate's upcasters (its `upcasters.ts`) bring a stored event to the current shape as
 * the store reads it. The domain imports nothing of the event store: these shapes are what it
 * needs of a stored event and of an upcaster, and the store's own types fit them.
 */

/** A stored event, already in its current shape (upcast): its type and its data, not yet typed. */
export interface StoredEvent {
  readonly type: string;
  readonly data: unknown;
}

/**
 * Turns the data of one event type from `fromVersion` (its metadata's schemaVersion) into
 * `fromVersion + 1`. Pure: stored events are never rewritten, so it runs on every read of an old one.
 */
export interface EventUpcaster {
  readonly eventType: string;
  readonly fromVersion: number;
  readonly upcast: (data: unknown) => unknown;
}

/** An event of some aggregate: its type names it, its data is a JSON object. */
export interface DomainEvent {
  type: string;
  data: object;
}

/**
 * The decoder of one aggregate's events: a stored event whose type is one of `types` and whose data
 * is an object becomes that aggregate's event; anything else is refused (another aggregate's event
 * in this stream, a corrupt row). The data's fields are the upcasters' business, not checked here.
 */
export const eventDecoder = <Event extends DomainEvent>(aggregate: string, types: readonly Event['type'][]): ((stored: StoredEvent) => Event) => {
  const known = new Set<string>(types);
  return (stored) => {
    if (!known.has(stored.type)) throw new Error(`Not an event of ${aggregate}: ${stored.type}`);
    if (typeof stored.data !== 'object' || stored.data === null || Array.isArray(stored.data)) {
      throw new Error(`The ${stored.type} event holds no data object`);
    }
    return { type: stored.type, data: stored.data } as Event;
  };
};

/** Whether a stored event is one of `types` (and so may be decoded as that aggregate's). */
export const eventTypeGuard = (types: readonly string[]): ((stored: Pick<StoredEvent, 'type'>) => boolean) => {
  const known = new Set<string>(types);
  return (stored) => known.has(stored.type);
};

/** A JSON object (not null, not an array): what an upcaster may read fields of. */
export const isJsonObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An aggregate's stream as the domain sees it: the events decoded from what the store holds, and
 * folded into the aggregate's state. The write path adds the events' envelope (ids, metadata).
 */
export interface DomainStream<State, Event> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decode: (stored: StoredEvent) => Event;
}

/** The state after `stored`, in order, from the stream's initial state. */
export const foldStream = <State, Event>(stream: DomainStream<State, Event>, stored: readonly StoredEvent[]): State =>
  stored.reduce((state, e) => stream.evolve(state, stream.decode(e)), stream.initialState());
