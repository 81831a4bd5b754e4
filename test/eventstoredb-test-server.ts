import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import * as grpc from '@grpc/grpc-js';

/**
 * An in-process EventStoreDB for tests: the client's own generated Streams service (Append and
 * Read), so the real @eventstore/db-client talks gRPC to it. It keeps one log in memory with
 * streams, expected-revision checks, idempotent retries by event id, reads of a stream and of
 * $all, and catch-up subscriptions to $all that follow live appends, with event-type filters and
 * checkpoints. BatchAppend stays unimplemented: the client then falls back to Append.
 */
const require = createRequire(import.meta.url);
// The generated serializers check `instanceof` against these exact classes.
const streamsGrpc = require('@eventstore/db-client/generated/streams_grpc_pb');
const streamsPb = require('@eventstore/db-client/generated/streams_pb');
const sharedPb = require('@eventstore/db-client/generated/shared_pb');

interface StoredEvent {
  id: string;
  stream: string;
  revision: number;
  type: string;
  contentType: string;
  data: Uint8Array;
  customMetadata: Uint8Array;
  created: bigint;
  position: bigint;
}

type Expected = { kind: 'any' | 'no_stream' | 'stream_exists' } | { kind: 'exact'; revision: number };
type Filter = (e: StoredEvent) => boolean;

const asBytes = (v: Uint8Array | string): Uint8Array => (typeof v === 'string' ? Buffer.from(v, 'base64') : v);
const uuidOf = (u: { hasString: () => boolean; getString: () => string } | undefined): string => {
  if (!u || !u.hasString()) throw new Error('the test server accepts string UUIDs only');
  return u.getString();
};
const POSITION_STEP = 128n;

export class EventStoreDbTestServer {
  private readonly log: StoredEvent[] = [];
  private readonly streams = new Map<string, StoredEvent[]>();
  private readonly ids = new Map<string, StoredEvent>();
  private readonly appended = new EventEmitter();
  private server?: grpc.Server;
  url = '';

  async start(): Promise<string> {
    this.appended.setMaxListeners(0);
    const server = new grpc.Server();
    server.addService(streamsGrpc.StreamsService, {
      append: (call: grpc.ServerReadableStream<unknown, unknown>, cb: grpc.sendUnaryData<unknown>) => this.onAppend(call, cb),
      read: (call: grpc.ServerWritableStream<unknown, unknown>) => void this.onRead(call),
    });
    const port = await new Promise<number>((resolve, reject) =>
      server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
    );
    this.server = server;
    this.url = `esdb://127.0.0.1:${port}?tls=false`;
    return this.url;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.tryShutdown(() => resolve()));
    server?.forceShutdown();
  }

  private onAppend(call: grpc.ServerReadableStream<unknown, unknown>, cb: grpc.sendUnaryData<unknown>): void {
    let stream = '';
    let expected: Expected = { kind: 'any' };
    const proposed: Omit<StoredEvent, 'stream' | 'revision' | 'position'>[] = [];
    call.on('data', (req: any) => {
      if (req.hasOptions()) {
        const o = req.getOptions();
        stream = Buffer.from(asBytes(o.getStreamIdentifier().getStreamName())).toString('utf8');
        if (o.hasRevision()) expected = { kind: 'exact', revision: Number(o.getRevision()) };
        else if (o.hasNoStream()) expected = { kind: 'no_stream' };
        else if (o.hasStreamExists()) expected = { kind: 'stream_exists' };
        else expected = { kind: 'any' };
        return;
      }
      const m = req.getProposedMessage();
      const meta = m.getMetadataMap();
      proposed.push({
        id: uuidOf(m.getId()),
        type: meta.get('type'),
        contentType: meta.get('content-type') ?? 'application/octet-stream',
        data: asBytes(m.getData()),
        customMetadata: asBytes(m.getCustomMetadata()),
        created: BigInt(Date.now()) * 10_000n,
      });
    });
    call.on('error', () => undefined);
    call.on('end', () => {
      try {
        cb(null, this.commit(stream, expected, proposed));
      } catch (err) {
        cb(err as grpc.ServiceError, null);
      }
    });
  }

  /** Appends are synchronous here, so each one is atomic and ordered like a single-node server. */
  private commit(stream: string, expected: Expected, proposed: Omit<StoredEvent, 'stream' | 'revision' | 'position'>[]): unknown {
    const existing = this.streams.get(stream) ?? [];
    const current = existing.length - 1;
    const resp = new streamsPb.AppendResp();
    const known = proposed.map((p) => this.ids.get(p.id));
    if (proposed.length > 0 && known.every((k) => k && k.stream === stream)) {
      const last = known[known.length - 1]!;
      return resp.setSuccess(this.success(last.revision, last.position));
    }
    const ok =
      expected.kind === 'any' ||
      (expected.kind === 'no_stream' && current === -1) ||
      (expected.kind === 'stream_exists' && current >= 0) ||
      (expected.kind === 'exact' && expected.revision === current);
    if (!ok) {
      const wrong = new streamsPb.AppendResp.WrongExpectedVersion();
      if (current >= 0) wrong.setCurrentRevision(String(current));
      else wrong.setCurrentNoStream(new sharedPb.Empty());
      if (expected.kind === 'exact') wrong.setExpectedRevision(String(expected.revision));
      else if (expected.kind === 'no_stream') wrong.setExpectedNoStream(new sharedPb.Empty());
      else if (expected.kind === 'stream_exists') wrong.setExpectedStreamExists(new sharedPb.Empty());
      else wrong.setExpectedAny(new sharedPb.Empty());
      return resp.setWrongExpectedVersion(wrong);
    }
    let last: StoredEvent | undefined;
    for (const p of proposed) {
      last = { ...p, stream, revision: existing.length, position: BigInt(this.log.length + 1) * POSITION_STEP };
      existing.push(last);
      this.log.push(last);
      this.ids.set(p.id, last);
    }
    this.streams.set(stream, existing);
    if (last) this.appended.emit('appended');
    return resp.setSuccess(this.success(last ? last.revision : current, last?.position));
  }

  private success(revision: number, position: bigint | undefined): unknown {
    const success = new streamsPb.AppendResp.Success();
    if (revision >= 0) success.setCurrentRevision(String(revision));
    else success.setNoStream(new sharedPb.Empty());
    if (position === undefined) success.setNoPosition(new sharedPb.Empty());
    else {
      const pos = new streamsPb.AppendResp.Position();
      pos.setCommitPosition(String(position));
      pos.setPreparePosition(String(position));
      success.setPosition(pos);
    }
    return success;
  }

  private async onRead(call: grpc.ServerWritableStream<unknown, unknown>): Promise<void> {
    let cancelled = false;
    call.on('cancelled', () => (cancelled = true));
    const write = async (resp: unknown) => {
      if (cancelled) return;
      if (!call.write(resp)) await new Promise<void>((resolve) => call.once('drain', resolve));
    };
    try {
      const o = (call.request as any).getOptions();
      const count = o.hasCount() ? Number(o.getCount()) : Number.MAX_SAFE_INTEGER;
      const backwards = o.getReadDirection() === 1;
      if (o.hasStream()) {
        const so = o.getStream();
        const name = Buffer.from(asBytes(so.getStreamIdentifier().getStreamName())).toString('utf8');
        const events = this.streams.get(name);
        if (backwards) throw new Error('the test server reads streams forwards only');
        if (!events) {
          const notFound = new streamsPb.ReadResp.StreamNotFound();
          notFound.setStreamIdentifier(so.getStreamIdentifier());
          await write(new streamsPb.ReadResp().setStreamNotFound(notFound));
        } else {
          const from = so.hasRevision() ? Number(so.getRevision()) : so.hasEnd() ? events.length : 0;
          for (const e of events.slice(from, from + count)) await write(this.readResp(e));
        }
        call.end();
        return;
      }
      const ao = o.getAll();
      const filter = this.filterOf(o);
      if (!o.hasSubscription()) {
        // A read of $all is inclusive of its start position, like the real server's.
        const start = ao.hasPosition() ? BigInt(ao.getPosition().getCommitPosition()) : ao.hasEnd() ? BigInt(Number.MAX_SAFE_INTEGER) : 0n;
        const ordered = backwards ? [...this.log].reverse() : this.log;
        let sent = 0;
        for (const e of ordered) {
          if (sent >= count) break;
          if (backwards ? e.position > start : e.position < start) continue;
          if (!filter(e)) continue;
          await write(this.readResp(e));
          sent += 1;
        }
        call.end();
        return;
      }
      await this.subscribe(call, ao, filter, write, () => cancelled);
    } catch (err) {
      if (!cancelled) call.emit('error', { code: grpc.status.INTERNAL, details: (err as Error).message });
    }
  }

  private async subscribe(
    call: grpc.ServerWritableStream<unknown, unknown>,
    ao: any,
    filter: Filter,
    write: (resp: unknown) => Promise<void>,
    isCancelled: () => boolean,
  ): Promise<void> {
    const confirmation = new streamsPb.ReadResp.SubscriptionConfirmation();
    confirmation.setSubscriptionId(`sub-${Math.random().toString(36).slice(2)}`);
    await write(new streamsPb.ReadResp().setConfirmation(confirmation));
    // A subscription starts after its position, like the real server's.
    let next = ao.hasPosition() ? this.log.findIndex((e) => e.position > BigInt(ao.getPosition().getCommitPosition())) : ao.hasEnd() ? this.log.length : 0;
    if (next < 0) next = this.log.length;
    let wake: (() => void) | undefined;
    const onAppended = () => wake?.();
    this.appended.on('appended', onAppended);
    call.on('cancelled', onAppended);
    let caughtUp = false;
    try {
      while (!isCancelled()) {
        const scanned = next;
        while (next < this.log.length && !isCancelled()) {
          const e = this.log[next++]!;
          if (filter(e)) await write(this.readResp(e));
        }
        if (next > scanned) {
          // Checkpoints let a filtered subscriber record progress past events it never sees.
          const cp = new streamsPb.ReadResp.Checkpoint();
          cp.setCommitPosition(String(this.log[next - 1]!.position));
          cp.setPreparePosition(String(this.log[next - 1]!.position));
          await write(new streamsPb.ReadResp().setCheckpoint(cp));
        }
        if (!caughtUp) {
          caughtUp = true;
          await write(new streamsPb.ReadResp().setCaughtUp(new streamsPb.ReadResp.CaughtUp()));
        }
        if (next >= this.log.length) await new Promise<void>((resolve) => (wake = resolve));
      }
    } finally {
      this.appended.off('appended', onAppended);
    }
  }

  private filterOf(o: any): Filter {
    if (!o.hasFilter()) return () => true;
    const f = o.getFilter();
    const onType = f.hasEventType();
    const expr = onType ? f.getEventType() : f.getStreamIdentifier();
    const regex = expr.getRegex() ? new RegExp(expr.getRegex()) : undefined;
    const prefixes: string[] = expr.getPrefixList();
    return (e) => {
      const subject = onType ? e.type : e.stream;
      if (regex && !regex.test(subject)) return false;
      return prefixes.length === 0 || prefixes.some((p) => subject.startsWith(p));
    };
  }

  private readResp(e: StoredEvent): unknown {
    const rec = new streamsPb.ReadResp.ReadEvent.RecordedEvent();
    rec.setId(new sharedPb.UUID().setString(e.id));
    rec.setStreamIdentifier(new sharedPb.StreamIdentifier().setStreamName(Buffer.from(e.stream, 'utf8')));
    rec.setStreamRevision(String(e.revision));
    rec.setPreparePosition(String(e.position));
    rec.setCommitPosition(String(e.position));
    rec.getMetadataMap().set('type', e.type);
    rec.getMetadataMap().set('content-type', e.contentType);
    rec.getMetadataMap().set('created', String(e.created));
    rec.setCustomMetadata(e.customMetadata);
    rec.setData(e.data);
    const read = new streamsPb.ReadResp.ReadEvent();
    read.setEvent(rec);
    read.setCommitPosition(String(e.position));
    return new streamsPb.ReadResp().setEvent(read);
  }
}
