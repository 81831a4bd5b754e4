import { EventEmitter } from 'node:events';

/**
 * In-process wake-ups: an append through any store over the same database handle wakes every
 * subscriber on that handle at once, without waiting for a poll (PGlite has no LISTEN at all).
 * `seq` lets a reader notice a wake-up that fired while it was busy reading.
 */
export class WakeChannel extends EventEmitter {
  seq = 0;

  constructor() {
    super();
    this.setMaxListeners(0);
  }

  wake(): void {
    this.seq += 1;
    this.emit('wake');
  }
}

const channels = new WeakMap<object, WakeChannel>();

export const wakeChannel = (key: object): WakeChannel => {
  let channel = channels.get(key);
  if (!channel) {
    channel = new WakeChannel();
    channels.set(key, channel);
  }
  return channel;
};

/** Resolves true when woken after `sinceSeq`, false when `ms` passed or the signal aborted. */
export const waitForWake = (channel: WakeChannel, sinceSeq: number, ms: number, signal?: AbortSignal): Promise<boolean> =>
  new Promise((resolve) => {
    if (channel.seq !== sinceSeq) return resolve(true);
    if (signal?.aborted) return resolve(false);
    const done = (woken: boolean) => {
      clearTimeout(timer);
      channel.off('wake', onWake);
      signal?.removeEventListener('abort', onAbort);
      resolve(woken);
    };
    const onWake = () => done(true);
    const onAbort = () => done(false);
    const timer = setTimeout(() => done(false), ms);
    channel.on('wake', onWake);
    signal?.addEventListener('abort', onAbort);
  });
