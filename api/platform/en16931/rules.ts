/**
 * The official EN 16931 business rules (CEN/TC 434's validation artefacts for UBL, vendored
 * unmodified in vendor/en16931/) run on a UBL 2.1 Invoice or CreditNote with SaxonJS.
 *
 * The XSLT is compiled once to SaxonJS's SEF form with xslt3 (about 20 s on two cores, in a child
 * process) and kept in the system temp folder, keyed by the rules' and SaxonJS's versions, so every
 * process and test file of a machine shares it. Documents are checked in one worker thread, one at
 * a time: each takes about half a second to a second of CPU, which must not stall the server's
 * requests. A check that runs past its time limit stops the worker (the next starts a new one); a
 * worker idle for a minute is stopped, giving back the rules' memory.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { UnavailableError } from '../../../domain/shared/errors';
import { projectRoot } from '../project-root';

export const EN16931_DIR = join(projectRoot(import.meta.dirname), 'vendor', 'en16931');
const RULES = join(EN16931_DIR, 'EN16931-UBL-validation.xslt');

export interface Assertion {
  /** The rule's identifier, e.g. BR-03 or BR-CO-15. */
  id: string;
  text: string;
  /** XPath of the element the rule failed on. */
  location: string;
}
export interface RulesVerdict {
  fatal: Assertion[];
  warnings: Assertion[];
}

const require = createRequire(import.meta.url);

/** Where the compiled rules are kept: one file per rules text and SaxonJS version. */
export const en16931SefPath = (): string => {
  const saxonVersion = (require('saxon-js/package.json') as { version: string }).version;
  const key = createHash('sha256').update(readFileSync(RULES)).update(saxonVersion).digest('hex').slice(0, 16);
  return join(tmpdir(), `en16931-ubl-${key}.sef.json`);
};

const compileArgs = (partial: string) => [require.resolve('xslt3/xslt3.js'), `-xsl:${RULES}`, `-export:${partial}`, '-nogo', '-relocate:on'];

/** Compiles the rules unless a process of this machine already has; answers the SEF's path. Synchronous, for test helpers. */
export const compileEn16931RulesSync = (run: (file: string, args: string[]) => void): string => {
  const sef = en16931SefPath();
  if (existsSync(sef)) return sef;
  // Processes may compile at the same time: each writes its own file and renames it into place.
  const partial = `${sef}.${process.pid}.${Date.now()}.tmp`;
  try {
    run(process.execPath, compileArgs(partial));
    renameSync(partial, sef);
  } finally {
    rmSync(partial, { force: true });
  }
  return sef;
};

let compiling: Promise<string> | null = null;

/** As compileEn16931RulesSync, in a child process, without blocking; one compilation per process at a time. */
export const compileEn16931Rules = (): Promise<string> => {
  const sef = en16931SefPath();
  if (existsSync(sef)) return Promise.resolve(sef);
  compiling ??= (async () => {
    const partial = `${sef}.${process.pid}.${Date.now()}.tmp`;
    try {
      await promisify(execFile)(process.execPath, compileArgs(partial), { maxBuffer: 16 * 1024 * 1024 });
      renameSync(partial, sef);
      return sef;
    } finally {
      rmSync(partial, { force: true });
      compiling = null;
    }
  })();
  return compiling;
};

export interface En16931RulesOptions {
  /** The longest one document may take before its check is given up. */
  timeoutMs?: number;
  /** Documents waiting beyond this are refused as busy. */
  maxWaiting?: number;
  /** A worker with nothing to do for this long is stopped. */
  idleMs?: number;
}

export const RULES_TIMED_OUT = 'The e-invoice could not be checked against the EN 16931 rules in time; it may be too large or too complex.';
export const RULES_BUSY = 'Other e-invoices are being checked. Please try again in a moment.';

interface Job {
  xml: string;
  resolve: (verdict: RulesVerdict) => void;
  reject: (err: Error) => void;
}

/** One worker thread running the rules, fed one document at a time. */
export class En16931Rules {
  private worker: Worker | null = null;
  private readonly queue: Job[] = [];
  private running: { id: number; job: Job; timer: NodeJS.Timeout } | null = null;
  private idle: NodeJS.Timeout | null = null;
  private starting = false;
  private nextId = 0;
  private readonly timeoutMs: number;
  private readonly maxWaiting: number;
  private readonly idleMs: number;

  constructor(options: En16931RulesOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.maxWaiting = options.maxWaiting ?? 8;
    this.idleMs = options.idleMs ?? 60_000;
  }

  /** The rules' verdict on one document. Rejects with UnavailableError when too many wait, or the check failed to run. */
  check(xml: string): Promise<RulesVerdict> {
    if (this.queue.length >= this.maxWaiting) return Promise.reject(new UnavailableError(RULES_BUSY));
    return new Promise<RulesVerdict>((resolve, reject) => {
      this.queue.push({ xml, resolve, reject });
      void this.pump();
    });
  }

  /** Compiles the rules now, so the first document does not wait for it. */
  async warmUp(): Promise<void> {
    await compileEn16931Rules();
  }

  async close(): Promise<void> {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    for (const job of this.queue.splice(0)) job.reject(new UnavailableError());
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private async pump(): Promise<void> {
    if (this.starting || this.running || this.queue.length === 0) return;
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    // One document at a time: claimed before the first await, so a second pump waits its turn.
    this.starting = true;
    let worker: Worker;
    try {
      worker = await this.workerReady();
    } catch (err) {
      // The rules could not be compiled or started: every waiting document is told so.
      this.starting = false;
      for (const job of this.queue.splice(0)) job.reject(new UnavailableError(`The EN 16931 rules could not be started: ${err instanceof Error ? err.message : String(err)}`));
      return;
    }
    this.starting = false;
    const job = this.queue.shift();
    if (!job) return;
    const id = ++this.nextId;
    const timer = setTimeout(() => {
      // The document took too long: stop the worker with it; the next check starts a new one.
      this.finish(id);
      job.reject(new RulesTimeoutError(RULES_TIMED_OUT));
      void this.dropWorker().then(() => this.pump());
    }, this.timeoutMs);
    this.running = { id, job, timer };
    worker.postMessage({ id, xml: job.xml });
  }

  private finish(id: number): Job | null {
    const running = this.running;
    if (!running || running.id !== id) return null;
    clearTimeout(running.timer);
    this.running = null;
    return running.job;
  }

  private async workerReady(): Promise<Worker> {
    if (this.worker) return this.worker;
    const sef = await compileEn16931Rules();
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./en16931-worker.mjs', import.meta.url), { workerData: { sef } });
    worker.unref();
    worker.on('message', (message: { id: number; fatal?: Assertion[]; warnings?: Assertion[]; error?: string }) => {
      const job = this.finish(message.id);
      if (!job) return;
      if (message.error !== undefined) job.reject(new RulesFailedError(message.error));
      else job.resolve({ fatal: message.fatal ?? [], warnings: message.warnings ?? [] });
      this.afterJob();
    });
    worker.on('error', (err) => {
      // The worker died (out of memory, a bug in the rules' runtime): fail what it held, start anew next time.
      if (this.worker === worker) this.worker = null;
      if (this.running) this.finish(this.running.id)?.reject(new UnavailableError(`The EN 16931 check stopped: ${err.message}`));
      void this.pump();
    });
    this.worker = worker;
    return worker;
  }

  private afterJob(): void {
    if (this.queue.length) return void this.pump();
    this.idle = setTimeout(() => void this.dropWorker(), this.idleMs);
    this.idle.unref();
  }

  private async dropWorker(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }
}

/** The document could not be checked in time (a property of the document: the caller answers 400). */
export class RulesTimeoutError extends Error {}
/** The rules' runtime refused the document (e.g. XML SaxonJS cannot read). */
export class RulesFailedError extends Error {}
