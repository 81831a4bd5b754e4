import { parseResponseDoc, type MyDataResponse } from '../../../domain/tax/mydata/response';
import { parseRequestedDoc } from '../../../domain/tax/mydata/requested-doc';
import { MyDataLostAnswer, MyDataRequestRefused, type MyDataFound, type MyDataProvider } from './provider';

/** AADE answers within seconds; a call longer than this is taken as lost (and looked up before a resend). */
const TIMEOUT_MS = 30_000;
/** Pages of RequestTransmittedDocs read in one look-up at most (AADE pages by a continuation key). */
const MAX_PAGES = 50;

/**
 * The direct client of AADE's myDATA REST API (ERP channel): `SendInvoices`, `CancelInvoice` and
 * `RequestTransmittedDocs`, authenticated by the `aade-user-id` and `Ocp-Apim-Subscription-Key`
 * headers. Answers are read as hostile input (domain/tax/mydata/response.ts).
 */
export class AadeMyDataProvider implements MyDataProvider {
  constructor(private readonly options: { url: string; userId: string; subscriptionKey: string; timeoutMs?: number }) {}

  async send(invoicesDoc: string): Promise<MyDataResponse[]> {
    return parseResponseDoc(await this.call('POST', 'SendInvoices', invoicesDoc));
  }

  async cancel(mark: string): Promise<MyDataResponse> {
    const [response] = parseResponseDoc(await this.call('POST', `CancelInvoice?mark=${encodeURIComponent(mark)}`));
    if (!response) throw new MyDataLostAnswer('AADE answered the cancellation without a response.');
    return response;
  }

  async lookup(uid: string, afterMark: string | null): Promise<MyDataFound | null> {
    let query = `mark=${encodeURIComponent(afterMark ?? '0')}`;
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = parseRequestedDoc(await this.call('GET', `RequestTransmittedDocs?${query}`));
      const found = answer.invoices.find((i) => i.uid.toUpperCase() === uid.toUpperCase());
      if (found) return { uid: found.uid, mark: found.mark, ...(found.qrUrl ? { qrUrl: found.qrUrl } : {}) };
      if (!answer.continuation) return null;
      query = `mark=${encodeURIComponent(afterMark ?? '0')}&nextPartitionKey=${encodeURIComponent(answer.continuation.nextPartitionKey)}&nextRowKey=${encodeURIComponent(answer.continuation.nextRowKey)}`;
    }
    throw new MyDataLostAnswer(`The look-up of ${uid} read ${MAX_PAGES} pages without reaching their end.`);
  }

  /** One call: its text when AADE answered 200; MyDataRequestRefused on a 4xx; MyDataLostAnswer when no answer can be trusted. */
  private async call(method: 'GET' | 'POST', path: string, body?: string): Promise<string> {
    let res: Response;
    try {
      res = await fetch(`${this.options.url}${path}`, {
        method,
        headers: {
          'aade-user-id': this.options.userId,
          'Ocp-Apim-Subscription-Key': this.options.subscriptionKey,
          ...(body === undefined ? {} : { 'Content-Type': 'application/xml' }),
        },
        body,
        redirect: 'error',
        signal: AbortSignal.timeout(this.options.timeoutMs ?? TIMEOUT_MS),
      });
    } catch (err) {
      throw new MyDataLostAnswer(`myDATA did not answer (${(err as Error).message}).`);
    }
    const text = await res.text().catch((err: Error) => {
      throw new MyDataLostAnswer(`myDATA's answer was cut off (${err.message}).`);
    });
    if (res.status >= 400 && res.status < 500) throw new MyDataRequestRefused(`myDATA refused the request: HTTP ${res.status} ${text.slice(0, 300)}`.trim(), res.status);
    if (!res.ok) throw new MyDataLostAnswer(`myDATA answered HTTP ${res.status}.`);
    return text;
  }
}
