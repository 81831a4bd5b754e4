import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpServerOptions {
  /**
   * Runs once a message has been received, before the server answers it: 'hang-up' drops the
   * connection instead of the 250 (the message arrived, the sender never heard so).
   */
  onMessage?: (mail: ReceivedMail) => Promise<'accept' | 'hang-up' | void> | 'accept' | 'hang-up' | void;
}

/** A real SMTP server on a loopback port that keeps every message it receives. */
export const startSmtpServer = async (
  port = 0,
  options: SmtpServerOptions = {},
): Promise<{ url: string; port: number; received: ReceivedMail[]; close: () => Promise<void> }> => {
  const received: ReceivedMail[] = [];
  const server: SMTPServer = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        received.push(mail);
        void Promise.resolve(options.onMessage?.(mail)).then(
          (answer) => {
            if (answer !== 'hang-up') return callback();
            const connections = (server as unknown as { connections: Set<{ id: string; _socket: { destroy: () => void } }> }).connections;
            [...connections].find((c) => c.id === session.id)?._socket.destroy();
          },
          (err: Error) => callback(err),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${actual}`,
    port: actual,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

const decodeQuotedPrintable = (text: string, underscoreIsSpace = false): Buffer => {
  const bytes: number[] = [];
  const body = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '=' && /^[0-9A-F]{2}$/i.test(body.slice(i + 1, i + 3))) {
      bytes.push(parseInt(body.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(underscoreIsSpace && c === '_' ? ' ' : c, 'utf8'));
  }
  return Buffer.from(bytes);
};

/** The decoded body of the first MIME part with this content type (base64, quoted-printable or plain). */
export const mimePart = (raw: string, contentType: string): Buffer | undefined => {
  const at = raw.indexOf(`Content-Type: ${contentType}`);
  if (at < 0) return undefined;
  const headersEnd = raw.indexOf('\r\n\r\n', at);
  const headers = raw.slice(at, headersEnd);
  const rest = raw.slice(headersEnd + 4);
  // A part ends at the next boundary line (a line merely starting with "--", such as an HTML comment split by quoted-printable, does not end it).
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((m) => `\r\n--${m[1]}`);
  const ends = boundaries.map((b) => rest.indexOf(b)).filter((i) => i >= 0);
  const end = ends.length > 0 ? Math.min(...ends) : -1;
  const body = end < 0 ? rest : rest.slice(0, end);
  const encoding = /Content-Transfer-Encoding: ([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return Buffer.from(body, 'utf8');
};

/** A header (Subject, From...), unfolded and with its RFC 2047 encoded words decoded. */
export const headerOf = (raw: string, name: string): string => {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
  const header = new RegExp(`^${name}: (.*(?:\\r\\n[ \\t].*)*)`, 'mi').exec(head)?.[1] ?? '';
  const words = /=\?UTF-8\?([BQ])\?([^?]*)\?=/gi;
  // Adjacent encoded words form one run of bytes: a character may be split between two of them.
  return header.replace(/(=\?UTF-8\?[BQ]\?[^?]*\?=)(\s*=\?UTF-8\?[BQ]\?[^?]*\?=)*/gi, (run) =>
    Buffer.concat([...run.matchAll(words)].map((w) => (w[1]!.toUpperCase() === 'B' ? Buffer.from(w[2]!, 'base64') : decodeQuotedPrintable(w[2]!, true)))).toString('utf8'),
  ).replace(/\r\n[ \t]/g, ' ');
};

/** The Subject header, decoded. */
export const subjectOf = (raw: string): string => headerOf(raw, 'Subject');
