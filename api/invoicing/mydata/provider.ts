import type { MyDataResponse } from '../../../domain/tax/mydata/response';

/**
 * Where documents go to myDATA: one interface (send, cancel, look up), so a certified provider can
 * replace the direct AADE client by configuration. Every call either answers what AADE said or
 * throws: `MyDataLostAnswer` when the request may have reached AADE but no answer came back (a
 * timeout, a dropped connection, a 5xx): the transmission then looks the document up before it
 * sends it again, so a document is registered once.
 */
export interface MyDataProvider {
  /** Sends an InvoicesDoc; answers one response per document, by its 1-based index. */
  send(invoicesDoc: string): Promise<MyDataResponse[]>;
  /** Cancels a registered document; its response carries the cancellation's MARK. */
  cancel(mark: string): Promise<MyDataResponse>;
  /** The document registered under this UID since `afterMark` (exclusive), or null when AADE has none. */
  lookup(uid: string, afterMark: string | null): Promise<MyDataFound | null>;
}

export interface MyDataFound {
  uid: string;
  mark: string;
  qrUrl?: string;
}

/** No answer came back: the request may or may not have been registered. */
export class MyDataLostAnswer extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MyDataLostAnswer';
  }
}

/** AADE (or the provider) refused the request itself, before any document was read: nothing was registered (wrong credentials, a malformed call). */
export class MyDataRequestRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'MyDataRequestRefused';
  }
}
