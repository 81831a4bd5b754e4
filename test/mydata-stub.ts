import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { requestedDocXml } from '../domain/tax/mydata/requested-doc';
import { responseDocXml, type MyDataResponse } from '../domain/tax/mydata/response';
import { myDataUid } from '../domain/tax/mydata/uid';
import { validateMyData, validateResponseDoc } from '../domain/tax/mydata/test/validate';

/**
 * A local myDATA over real HTTP for tests: `SendInvoices` checks the headers and validates the body
 * against AADE's schema, registers each document under its UID (a second send of one UID is AADE's
 * duplicate error, code 228) and answers a ResponseDoc that is itself valid against AADE's response
 * schema; `RequestTransmittedDocs` lists what it registered after a MARK; `CancelInvoice` cancels.
 *
 * Modes for the next SendInvoices: `ok`; `error` (AADE's ValidationError with the given codes,
 * nothing registered); `lose` (registers, then drops the connection: the answer is lost); `hang`
 * (registers, then answers only when released, or never: the caller is killed meanwhile).
 */
export type StubMode = { kind: 'ok' } | { kind: 'error'; errors: Array<{ code: string; message: string }> } | { kind: 'lose' } | { kind: 'hang' } | { kind: 'technical' };

export interface Registered {
  uid: string;
  mark: string;
  invoiceType: string;
  series: string;
  aa: string;
  issuer: string;
  counterpart: string | null;
  correlatedMark: string | null;
  cancelledBy: string | null;
  xml: string;
}

export interface MyDataStub {
  url: string;
  credentials: { userId: string; subscriptionKey: string };
  /** Every document registered, in order. */
  registered: Registered[];
  /** Every SendInvoices body received, with its schema errors (empty: valid). */
  received: Array<{ xml: string; schemaErrors: string[] }>;
  /** Answers that failed AADE's response schema (should stay empty: the stub's own check). */
  invalidAnswers: string[];
  mode: StubMode;
  /** Resolves once a SendInvoices has arrived (and been registered, in `hang`). */
  nextSend: () => Promise<void>;
  release: () => void;
  close: () => Promise<void>;
}

const text = (xml: string, tag: string): string | null => new RegExp(`<(?:\\w+:)?${tag}>([^<]*)</(?:\\w+:)?${tag}>`).exec(xml)?.[1] ?? null;
const block = (xml: string, tag: string): string | null => new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(xml)?.[1] ?? null;

export const startMyDataStub = async (): Promise<MyDataStub> => {
  let nextMark = 400_000_000_000_001n;
  let sendWaiters: Array<() => void> = [];
  let released: Array<() => void> = [];
  const sockets = new Set<import('node:net').Socket>();
  const stub = {
    credentials: { userId: 'stub-user', subscriptionKey: 'stub-key' },
    registered: [] as Registered[],
    received: [] as Array<{ xml: string; schemaErrors: string[] }>,
    invalidAnswers: [] as string[],
    mode: { kind: 'ok' } as StubMode,
  };

  const answer = async (res: http.ServerResponse, responses: MyDataResponse[]) => {
    const xml = responseDocXml(responses);
    const errors = await validateResponseDoc(xml);
    if (errors.length) stub.invalidAnswers.push(`${errors.join('; ')}\n${xml}`);
    res.writeHead(200, { 'Content-Type': 'application/xml' }).end(xml);
  };

  const register = (invoiceXml: string): MyDataResponse & { duplicate?: boolean } => {
    const header = block(invoiceXml, 'invoiceHeader') ?? '';
    const issuer = text(block(invoiceXml, 'issuer') ?? '', 'vatNumber') ?? '';
    const counterpart = text(block(invoiceXml, 'counterpart') ?? '', 'vatNumber');
    const fields = { issuerVat: issuer, issueDate: text(header, 'issueDate') ?? '', branch: Number(text(block(invoiceXml, 'issuer') ?? '', 'branch') ?? 0), invoiceType: text(header, 'invoiceType') ?? '', series: text(header, 'series') ?? '', aa: text(header, 'aa') ?? '' };
    const uid = myDataUid(fields);
    if (stub.registered.some((r) => r.uid === uid && !r.cancelledBy)) {
      return { index: 0, statusCode: 'ValidationError', errors: [{ code: '228', message: 'Duplicate invoice: the document is already registered.' }] };
    }
    const mark = String(nextMark++);
    stub.registered.push({ uid, mark, invoiceType: fields.invoiceType, series: fields.series, aa: fields.aa, issuer, counterpart, correlatedMark: text(header, 'correlatedInvoices'), cancelledBy: null, xml: invoiceXml });
    return { index: 0, statusCode: 'Success', invoiceUid: uid, invoiceMark: mark, qrUrl: `https://mydataapidev.aade.gr/TimologioQR/QRInfo?q=${uid}`, errors: [] };
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        if (req.headers['aade-user-id'] !== stub.credentials.userId || req.headers['ocp-apim-subscription-key'] !== stub.credentials.subscriptionKey) {
          res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"statusCode":401,"message":"Access denied due to invalid subscription key."}');
          return;
        }
        const url = new URL(req.url ?? '/', 'http://stub');
        const body = Buffer.concat(chunks).toString('utf8');
        if (req.method === 'POST' && url.pathname === '/SendInvoices') {
          stub.received.push({ xml: body, schemaErrors: await validateMyData(body) });
          const mode = stub.mode;
          const invoices = [...body.matchAll(/<invoice>([\s\S]*?)<\/invoice>/g)].map((m) => m[1]!);
          if (mode.kind === 'error' || mode.kind === 'technical') {
            const statusCode = mode.kind === 'error' ? 'ValidationError' : 'TechnicalError';
            const errors = mode.kind === 'error' ? mode.errors : [{ code: '101', message: 'A technical error occurred; try again later.' }];
            for (const w of sendWaiters.splice(0)) w();
            await answer(res, invoices.map((_, i) => ({ index: i + 1, statusCode, errors })));
            return;
          }
          const responses = invoices.map((inv, i) => ({ ...register(inv), index: i + 1 }));
          for (const w of sendWaiters.splice(0)) w();
          if (mode.kind === 'lose') {
            req.socket.destroy();
            return;
          }
          if (mode.kind === 'hang') await new Promise<void>((resolve) => released.push(resolve));
          if (!res.destroyed) await answer(res, responses);
          return;
        }
        if (req.method === 'GET' && url.pathname === '/RequestTransmittedDocs') {
          const after = BigInt(url.searchParams.get('mark') ?? '0');
          const docs = stub.registered.filter((r) => BigInt(r.mark) > after);
          res.writeHead(200, { 'Content-Type': 'application/xml' }).end(requestedDocXml({ invoices: docs.map((d) => ({ uid: d.uid, mark: d.mark, series: d.series, aa: d.aa, invoiceType: d.invoiceType })), continuation: null }));
          return;
        }
        if (req.method === 'POST' && url.pathname === '/CancelInvoice') {
          const mark = url.searchParams.get('mark') ?? '';
          const doc = stub.registered.find((r) => r.mark === mark);
          if (!doc || doc.cancelledBy) {
            await answer(res, [{ index: 1, statusCode: 'ValidationError', errors: [{ code: '232', message: `No document with MARK ${mark} to cancel.` }] }]);
            return;
          }
          doc.cancelledBy = String(nextMark++);
          await answer(res, [{ index: 1, statusCode: 'Success', cancellationMark: doc.cancelledBy, errors: [] }]);
          return;
        }
        res.writeHead(404).end();
      })().catch((err: Error) => {
        if (!res.headersSent) res.writeHead(500).end(err.message);
      });
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(stub, {
    url: `http://127.0.0.1:${port}/`,
    nextSend: () => new Promise<void>((resolve) => sendWaiters.push(resolve)),
    release: () => {
      for (const r of released.splice(0)) r();
    },
    close: async () => {
      for (const r of released.splice(0)) r();
      sendWaiters = [];
      released = [];
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
};
