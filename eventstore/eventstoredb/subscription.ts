import { EventEmitter, once } from 'node:events';
import type { AllStreamSubscription, Position as EsdbPos, AllStreamResolvedEvent } from '@eventstore/db-client';
import type { Position, RecordedEvent, SubscribeOptions, Subscription } from '../event-store';
import { fromEsdb } from './esdb-records';
import { compareEsdbPositions, formatEsdbPosition } from './positions';

type Open = (checkpointReached: (sub: AllStreamSubscription, position: EsdbPos) => void) => AllStreamSubscription;

/**
 * Adapts the client's $all subscription to the port: events are handed over in batches of what
 * has already arrived, the stream is not read on until the handler is done, and server
 * checkpoints (positions past filtered-out events) are passed on as empty batches.
 */
export const esdbSubscription = (open: Open, options: SubscribeOptions): Subscription => {
  const batchSize = options.batchSize ?? 500;
  const signal = new EventEmitter();
  let checkpoint: Position | undefined;
  let stopped = false;
  const sub = open((_s, position) => {
    checkpoint = formatEsdbPosition(position);
    signal.emit('wake');
  });
  let failure: unknown;
  sub.on('error', (err) => {
    failure = err;
    signal.emit('wake');
  });
  sub.on('readable', () => signal.emit('wake'));
  sub.on('end', () => signal.emit('wake'));

  const run = async () => {
    let last = options.after;
    while (!stopped) {
      if (failure) throw failure;
      const batch: RecordedEvent[] = [];
      let item: AllStreamResolvedEvent | null;
      while (batch.length < batchSize && (item = sub.read() as AllStreamResolvedEvent | null) !== null) {
        const e = fromEsdb(item.event);
        if (e && compareEsdbPositions(e.position, last) > 0) batch.push(e);
      }
      if (batch.length > 0) {
        last = batch[batch.length - 1]!.position;
        await options.onEvents(batch, last);
        continue;
      }
      if (sub.readableLength === 0 && checkpoint && compareEsdbPositions(checkpoint, last) > 0) {
        last = checkpoint;
        await options.onEvents([], last);
        continue;
      }
      if (sub.readableEnded) return;
      await once(signal, 'wake');
    }
  };
  const done = run().finally(() => {
    stopped = true;
    return sub.unsubscribe().catch(() => undefined);
  });
  done.catch(() => undefined);
  return {
    stop: async () => {
      stopped = true;
      signal.emit('wake');
      await done.catch(() => undefined);
    },
    done,
  };
};
