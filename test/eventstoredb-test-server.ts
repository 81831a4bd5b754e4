import { createRequire } from 'node:module';
import * as grpc from '@grpc/grpc-js';
import { EventLog, type Expected, type Proposed, type StoredEvent, type WriteResult } from './eventstoredb-log';

/**
 * An in-process EventStoreDB for tests: the client's own generated services, so the real
 * @eventstore/db-client talks gRPC to it as to a server. It answers ServerFeatures (so the client
 * takes the BatchAppend path, as it does against every real server), BatchAppend and Append, Read
 * of streams and of $all (with event-type filters, checkpoints and catch-up subscriptions that
 * follow live appends), and Delete and Tombstone of streams. Storage rules are in EventLog.
 */
const require = createRequire(import.meta.url);
// The generated serializers check `instanceof` against these exact classes.
const streamsGrpc = require('@eventstore/db-client/generated/streams_grpc_pb');
const streamsPb = require('@eventstore/db-client/generated/streams_pb');
const sharedPb = require('@eventstore/db-client/generated/shared_pb');
const statusPb = require('@eventstore/db-client/generated/status_pb');
const featuresGrpc = require('@eventstore/db-client/generated/serverfeatures_grpc_pb');
const featuresPb = require('@eventstore/db-client/generated/serverfeatures_pb');
const emptyPb = require('google-protobuf/google/protobuf/empty_pb');
const anyPb = require('google-protobuf/google/protobuf/any_pb');

type Filter = (e: StoredEvent) => boolean;

const asBytes = (v: Uint8Array | string): Uint8Array => (typeof v === 'string' ? Buffer.from(v, 'base64') : v);
const uuidOf = (u: { hasString: () => boolean; getString: () => string } | undefined): string => {
  if (!u || !u.hasString()) throw new Error('the test server accepts string UUIDs only');
  return u.getString();
};
const streamName = (identifier: { getStreamName: () => Uint8Array | string }): string => Buffer.from(asBytes(identifier.getStreamName())).toString('utf8');
const proposedOf = (m: any): Proposed => {
  const meta = m.getMetadataMap();
  return {
    id: uuidOf(m.getId()),
    type: meta.get('type'),
    contentType: meta.get('content-type') ?? 'application/octet-stream',
    data: asBytes(m.getData()),
    customMetadata: asBytes(m.getCustomMetadata()),
    created: BigInt(Date.now()) * 10_000n,
  };
};
/** The server answers a read or write of a tombstoned stream with this RPC error. */
const streamDeletedError = (stream: string): Partial<grpc.StatusObject> => {
  const metadata = new grpc.Metadata();
  metadata.set('exception', 'stream-deleted');
  metadata.set('stream-name', stream);
  return { code: grpc.status.FAILED_PRECONDITION, details: `Event stream '${stream}' is deleted.`, metadata };
};
const SUPPORTED = ['Read', 'Append', 'BatchAppend', 'Delete', 'Tombstone'];

interface LogPosition {
  commit: bigint;
  prepare: bigint;
}
const START: LogPosition = { commit: 0n, prepare: 0n };
const END: LogPosition = { commit: 2n ** 63n, prepare: 2n ** 63n };
const positionOf = (p: { getCommitPosition: () => string; getPreparePosition: () => string }): LogPosition => ({
  commit: BigInt(p.getCommitPosition()),
  prepare: BigInt(p.getPreparePosition()),
});
/** $all is ordered by commit position, then prepare position (one write's events share the commit). */
const compare = (e: LogPosition, p: LogPosition): number =>
  e.commit !== p.commit ? (e.commit < p.commit ? -1 : 1) : e.prepare === p.prepare ? 0 : e.prepare < p.prepare ? -1 : 1;

export class EventStoreDbTestServer {
  private readonly store = new EventLog();
  private server?: grpc.Server;
  /** Calls per gRPC method, so tests can see which path the client took. */
  readonly calls = new Map<string, number>();
  url = '';

  private count(method: string): void {
    this.calls.set(method, (this.calls.get(method) ?? 0) + 1);
  }

  async start(): Promise<string> {
    const server = new grpc.Server();
    server.addService(streamsGrpc.StreamsService, {
      append: (call: grpc.ServerReadableStream<unknown, unknown>, cb: grpc.sendUnaryData<unknown>) => this.onAppend(call, cb),
      batchAppend: (call: grpc.ServerDuplexStream<unknown, unknown>) => this.onBatchAppend(call),
      read: (call: grpc.ServerWritableStream<unknown, unknown>) => void this.onRead(call),
      delete: (call: grpc.ServerUnaryCall<any, unknown>, cb: grpc.sendUnaryData<unknown>) => this.onDelete(call, cb, false),
      tombstone: (call: grpc.ServerUnaryCall<any, unknown>, cb: grpc.sendUnaryData<unknown>) => this.onDelete(call, cb, true),
    });
    server.addService(featuresGrpc.ServerFeaturesService, {
      getSupportedMethods: (_call: unknown, cb: grpc.sendUnaryData<unknown>) => {
        this.count('GetSupportedMethods');
        const methods = new featuresPb.SupportedMethods().setEventStoreServerVersion('23.10.0');
        for (const name of SUPPORTED) methods.addMethods(new featuresPb.SupportedMethod().setServiceName('event_store.client.streams.Streams').setMethodName(name));
        cb(null, methods);
      },
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
    this.count('Append');
    let stream = '';
    let expected: Expected = { kind: 'any' };
    const proposed: Proposed[] = [];
    call.on('data', (req: any) => {
      if (req.hasOptions()) {
        const o = req.getOptions();
        stream = streamName(o.getStreamIdentifier());
        if (o.hasRevision()) expected = { kind: 'exact', revision: Number(o.getRevision()) };
        else if (o.hasNoStream()) expected = { kind: 'no_stream' };
        else if (o.hasStreamExists()) expected = { kind: 'stream_exists' };
        else expected = { kind: 'any' };
        return;
      }
      proposed.push(proposedOf(req.getProposedMessage()));
    });
    call.on('error', () => undefined);
    call.on('end', () => {
      const result = this.store.write(stream, expected, proposed);
      if (result.kind === 'stream_deleted') return cb(streamDeletedError(stream), null);
      const resp = new streamsPb.AppendResp();
      if (result.kind === 'wrong_expected_version') {
        const wrong = new streamsPb.AppendResp.WrongExpectedVersion();
        if (result.current >= 0) wrong.setCurrentRevision(String(result.current));
        else wrong.setCurrentNoStream(new sharedPb.Empty());
        if (expected.kind === 'exact') wrong.setExpectedRevision(String(expected.revision));
        else if (expected.kind === 'no_stream') wrong.setExpectedNoStream(new sharedPb.Empty());
        else if (expected.kind === 'stream_exists') wrong.setExpectedStreamExists(new sharedPb.Empty());
        else wrong.setExpectedAny(new sharedPb.Empty());
        return cb(null, resp.setWrongExpectedVersion(wrong));
      }
      const success = new streamsPb.AppendResp.Success();
      if (result.revision >= 0) success.setCurrentRevision(String(result.revision));
      else success.setNoStream(new sharedPb.Empty());
      if (!result.position) success.setNoPosition(new sharedPb.Empty());
      else success.setPosition(new streamsPb.AppendResp.Position().setCommitPosition(String(result.position.commit)).setPreparePosition(String(result.position.prepare)));
      cb(null, resp.setSuccess(success));
    });
  }

  /**
   * The path clients take against real servers: one duplex stream carrying many writes, each a run
   * of requests with one correlation id (options on the first, `is_final` on the last), each
   * answered with a success or a google.rpc.Status whose details say why.
   */
  private onBatchAppend(call: grpc.ServerDuplexStream<unknown, unknown>): void {
    this.count('BatchAppend');
    const pending = new Map<string, { stream: string; expected: Expected; proposed: Proposed[]; identifier: unknown }>();
    call.on('data', (req: any) => {
      const correlation = uuidOf(req.getCorrelationId());
      let write = pending.get(correlation);
      if (!write) {
        const o = req.getOptions();
        const expected: Expected = o.hasStreamPosition()
          ? { kind: 'exact', revision: Number(o.getStreamPosition()) }
          : o.hasNoStream()
            ? { kind: 'no_stream' }
            : o.hasStreamExists()
              ? { kind: 'stream_exists' }
              : { kind: 'any' };
        write = { stream: streamName(o.getStreamIdentifier()), expected, proposed: [], identifier: o.getStreamIdentifier() };
        pending.set(correlation, write);
      }
      for (const m of req.getProposedMessagesList()) write.proposed.push(proposedOf(m));
      if (!req.getIsFinal()) return;
      pending.delete(correlation);
      call.write(this.batchResp(req.getCorrelationId(), write.identifier, write.expected, this.store.write(write.stream, write.expected, write.proposed)));
    });
    call.on('end', () => call.end());
    call.on('error', () => undefined);
  }

  private batchResp(correlationId: unknown, identifier: unknown, expected: Expected, result: WriteResult): unknown {
    const resp = new streamsPb.BatchAppendResp().setCorrelationId(correlationId).setStreamIdentifier(identifier);
    if (result.kind === 'success') {
      const success = new streamsPb.BatchAppendResp.Success();
      if (result.revision >= 0) success.setCurrentRevision(String(result.revision));
      else success.setNoStream(new emptyPb.Empty());
      if (!result.position) success.setNoPosition(new emptyPb.Empty());
      else success.setPosition(new sharedPb.AllStreamPosition().setCommitPosition(String(result.position.commit)).setPreparePosition(String(result.position.prepare)));
      return resp.setSuccess(success);
    }
    const details = new anyPb.Any();
    if (result.kind === 'stream_deleted') {
      details.pack(new sharedPb.StreamDeleted().setStreamIdentifier(identifier).serializeBinary(), 'event_store.client.StreamDeleted');
      return resp.setError(new statusPb.Status().setCode(9).setMessage('Stream deleted').setDetails(details));
    }
    const wrong = new sharedPb.WrongExpectedVersion();
    if (result.current >= 0) wrong.setCurrentStreamRevision(String(result.current));
    else wrong.setCurrentNoStream(new emptyPb.Empty());
    if (expected.kind === 'exact') wrong.setExpectedStreamPosition(String(expected.revision));
    else if (expected.kind === 'no_stream') wrong.setExpectedNoStream(new emptyPb.Empty());
    else if (expected.kind === 'stream_exists') wrong.setExpectedStreamExists(new emptyPb.Empty());
    else wrong.setExpectedAny(new emptyPb.Empty());
    details.pack(wrong.serializeBinary(), 'event_store.client.WrongExpectedVersion');
    return resp.setError(new statusPb.Status().setCode(9).setMessage('Wrong expected version').setDetails(details));
  }

  private onDelete(call: grpc.ServerUnaryCall<any, unknown>, cb: grpc.sendUnaryData<unknown>, hard: boolean): void {
    this.count(hard ? 'Tombstone' : 'Delete');
    const stream = streamName(call.request.getOptions().getStreamIdentifier());
    if (this.store.read(stream) === 'tombstoned') return cb(streamDeletedError(stream), null);
    if (hard) this.store.tombstone(stream);
    else this.store.softDelete(stream);
    const resp = hard ? new streamsPb.TombstoneResp() : new streamsPb.DeleteResp();
    cb(null, resp.setNoPosition(new sharedPb.Empty()));
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
        const events = this.store.read(name);
        if (backwards) throw new Error('the test server reads streams forwards only');
        if (events === 'tombstoned') {
          call.emit('error', streamDeletedError(name));
          return;
        }
        if (!events) {
          const notFound = new streamsPb.ReadResp.StreamNotFound();
          notFound.setStreamIdentifier(so.getStreamIdentifier());
          await write(new streamsPb.ReadResp().setStreamNotFound(notFound));
        } else {
          const from = so.hasRevision() ? Number(so.getRevision()) : so.hasEnd() ? Number.MAX_SAFE_INTEGER : 0;
          for (const e of events.filter((x) => x.revision >= from).slice(0, count)) await write(this.readResp(e));
        }
        call.end();
        return;
      }
      const ao = o.getAll();
      const filter = this.filterOf(o);
      if (!o.hasSubscription()) {
        // A read of $all is inclusive of its start position, like the real server's.
        const start = ao.hasPosition() ? positionOf(ao.getPosition()) : ao.hasEnd() ? END : START;
        const log = this.store.events;
        const ordered = backwards ? [...log].reverse() : log;
        let sent = 0;
        for (const e of ordered) {
          if (sent >= count) break;
          const c = compare(e, start);
          if (backwards ? c > 0 : c < 0) continue;
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
    const log = this.store.events;
    const after = ao.hasPosition() ? positionOf(ao.getPosition()) : undefined;
    let next = after ? log.findIndex((e) => compare(e, after) > 0) : ao.hasEnd() ? log.length : 0;
    if (next < 0) next = log.length;
    let wake: (() => void) | undefined;
    const onAppended = () => wake?.();
    this.store.appended.on('appended', onAppended);
    call.on('cancelled', onAppended);
    let caughtUp = false;
    try {
      while (!isCancelled()) {
        const scanned = next;
        while (next < log.length && !isCancelled()) {
          const e = log[next++]!;
          if (filter(e)) await write(this.readResp(e));
        }
        if (next > scanned) {
          // Checkpoints let a filtered subscriber record progress past events it never sees.
          const cp = new streamsPb.ReadResp.Checkpoint();
          cp.setCommitPosition(String(log[next - 1]!.commit));
          cp.setPreparePosition(String(log[next - 1]!.prepare));
          await write(new streamsPb.ReadResp().setCheckpoint(cp));
        }
        if (!caughtUp) {
          caughtUp = true;
          await write(new streamsPb.ReadResp().setCaughtUp(new streamsPb.ReadResp.CaughtUp()));
        }
        if (next >= log.length) await new Promise<void>((resolve) => (wake = resolve));
      }
    } finally {
      this.store.appended.off('appended', onAppended);
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
    rec.setPreparePosition(String(e.prepare));
    rec.setCommitPosition(String(e.commit));
    rec.getMetadataMap().set('type', e.type);
    rec.getMetadataMap().set('content-type', e.contentType);
    rec.getMetadataMap().set('created', String(e.created));
    rec.setCustomMetadata(e.customMetadata);
    rec.setData(e.data);
    const read = new streamsPb.ReadResp.ReadEvent();
    read.setEvent(rec);
    read.setCommitPosition(String(e.commit));
    return new streamsPb.ReadResp().setEvent(read);
  }
}
