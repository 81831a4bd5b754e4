import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ViesAnswer = (body: Record<string, string>) => { status: number; body: unknown };

export interface ViesStub {
  /** The check endpoint, for VIES_URL. */
  url: string;
  /** Every request body received, in order. */
  asked: unknown[];
  /** Answers the next requests with `f` instead. */
  answerWith: (f: ViesAnswer) => void;
  close: () => Promise<void>;
}

/**
 * A local VIES over HTTP: answers as the Commission's REST service does, and keeps what it was
 * asked. By default the German number 812871812 is valid (Hetzner Online GmbH) and any other not.
 */
export const startVies = async (): Promise<ViesStub> => {
  const asked: unknown[] = [];
  let answer: ViesAnswer = (b) => ({
    status: 200,
    body: { countryCode: b.countryCode, vatNumber: b.vatNumber, requestDate: '2026-03-20T10:00:00.000Z', valid: b.vatNumber === '812871812', requestIdentifier: 'WAPIAAAAXYZ123', name: 'Hetzner Online GmbH', address: 'Industriestr. 25\n91710 Gunzenhausen', userError: 'VALID' },
  });
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(text) as Record<string, string>;
      asked.push(body);
      const a = answer(body);
      res.writeHead(a.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(a.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/check-vat-number`,
    asked,
    answerWith: (f) => (answer = f),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
