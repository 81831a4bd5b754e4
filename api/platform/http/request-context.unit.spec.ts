import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { markRequestReadOnly, rememberTableVersions, requestContext, requestTableVersions } from './request-context';

const within = (method: string, body: () => unknown): Promise<unknown> =>
  new Promise((resolve) => requestContext({ method, id: 'r1' } as Request, {} as Response, () => resolve(body())));

describe('table versions of a request', () => {
  it('are trusted for the rest of a read-only request only', async () => {
    const versions = { invoice_list: 3, clients: 1 };
    expect(await within('GET', () => (rememberTableVersions(versions), requestTableVersions()))).toEqual(versions);
    expect(await within('HEAD', () => (rememberTableVersions(versions), requestTableVersions()))).toEqual(versions);
    // A request that writes must read versions again after its own writes.
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      expect(await within(method, () => (rememberTableVersions(versions), requestTableVersions()))).toBeUndefined();
    }
  });

  it('are trusted in a request found to only read, such as a GraphQL query sent by POST', async () => {
    const versions = { clients: 2 };
    expect(await within('POST', () => (markRequestReadOnly(), rememberTableVersions(versions), requestTableVersions()))).toEqual(versions);
  });

  it('belong to one request, and to none outside a request', async () => {
    await within('GET', () => rememberTableVersions({ clients: 9 }));
    expect(await within('GET', () => requestTableVersions())).toBeUndefined();
    rememberTableVersions({ clients: 9 });
    expect(requestTableVersions()).toBeUndefined();
  });
});
