import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  Position,
  ReadAllOptions,
  ReadAllPage,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from './event-store';

/**
 * Turns the data of one event type from `fromVersion` into `fromVersion + 1`. Pure: events are
 * never rewritten in the store, so the same upcaster runs on every read of an old event.
 */
export interface Upcaster {
  eventType: string;
  fromVersion: number;
  upcast: (data: unknown, event: RecordedEvent) => unknown;
}

export class UpcasterRegistry {
  private readonly byKey = new Map<string, Upcaster>();

  constructor(upcasters: Upcaster[] = []) {
    for (const u of upcasters) this.register(u);
  }

  register(upcaster: Upcaster): this {
    if (!Number.isInteger(upcaster.fromVersion) || upcaster.fromVersion < 1) {
      throw new Error(`Upcaster for ${upcaster.eventType} needs a fromVersion >= 1`);
    }
    const key = `${upcaster.eventType}@${upcaster.fromVersion}`;
    if (this.byKey.has(key)) throw new Error(`Two upcasters for ${upcaster.eventType} version ${upcaster.fromVersion}`);
    this.byKey.set(key, upcaster);
    return this;
  }

  get size(): number {
    return this.byKey.size;
  }

  /** The event in its current shape: each step raises metadata.schemaVersion by one. */
  upcast(event: RecordedEvent): RecordedEvent {
    let current = event;
    for (;;) {
      const version = current.metadata.schemaVersion ?? 1;
      const upcaster = this.byKey.get(`${current.type}@${version}`);
      if (!upcaster) return current;
      let data: unknown;
      try {
        data = upcaster.upcast(current.data, current);
      } catch (err) {
        throw new Error(`Upcasting ${current.type} ${current.eventId} from version ${version} failed: ${err instanceof Error ? err.message : String(err)}`);
      }
      current = { ...current, data, metadata: { ...current.metadata, schemaVersion: version + 1 } };
    }
  }
}

/** An EventStore whose every read (stream, all, subscription) returns events upcast to their current version. */
export class UpcastingEventStore implements EventStore {
  constructor(
    readonly inner: EventStore,
    private readonly registry: UpcasterRegistry,
  ) {}

  get kind() {
    return this.inner.kind;
  }

  append(streamId: string, events: NewEvent[], options?: { expectedRevision?: ExpectedRevision }): Promise<AppendResult> {
    return this.inner.append(streamId, events, options);
  }

  get transaction(): EventStore['transaction'] {
    const inner = this.inner;
    if (!inner.transaction) return undefined;
    // Reads inside a transaction are upcast like every other read.
    return (work) =>
      inner.transaction!((tx) =>
        work({
          db: tx.db,
          append: (streamId, events, options) => tx.append(streamId, events, options),
          appendNewStreams: (streams) => tx.appendNewStreams(streams),
          readStream: async (streamId, options) => (await tx.readStream(streamId, options)).map((e) => this.registry.upcast(e)),
        }),
      );
  }

  async readStream(streamId: string, options?: { fromRevision?: number; limit?: number }): Promise<RecordedEvent[]> {
    return (await this.inner.readStream(streamId, options)).map((e) => this.registry.upcast(e));
  }

  async readStreams(streamIds: readonly string[]): Promise<RecordedEvent[][]> {
    return (await this.inner.readStreams(streamIds)).map((events) => events.map((e) => this.registry.upcast(e)));
  }

  async readAll(options?: ReadAllOptions): Promise<ReadAllPage> {
    const page = await this.inner.readAll(options);
    return { ...page, events: page.events.map((e) => this.registry.upcast(e)) };
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    return this.inner.subscribeToAll({
      ...options,
      onEvents: (events, last) => options.onEvents(events.map((e) => this.registry.upcast(e)), last),
    });
  }

  headPosition(): Promise<Position | undefined> {
    return this.inner.headPosition();
  }

  comparePositions(a: Position | undefined, b: Position | undefined): number {
    return this.inner.comparePositions(a, b);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

export const withUpcasters = (store: EventStore, upcasters: Upcaster[]): EventStore =>
  upcasters.length === 0 ? store : new UpcastingEventStore(store, new UpcasterRegistry(upcasters));
