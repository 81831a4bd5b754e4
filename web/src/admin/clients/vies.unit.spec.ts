import { CombinedGraphQLErrors } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { newestFirst, viesRefusalOf } from './vies';

const graphqlError = (message: string, code: string) => new CombinedGraphQLErrors({ errors: [{ message, extensions: { code } }] });

describe('a VIES check as the client page shows it', () => {
  it('says VIES did not answer (to try again later) when the service is unavailable or timed out', () => {
    expect(viesRefusalOf(graphqlError('VIES did not answer (MS_UNAVAILABLE); try again later.', 'SERVICE_UNAVAILABLE'))).toEqual({ kind: 'unavailable' });
  });

  it("shows the server's own words when it refused to ask (outside the EU, no VAT number)", () => {
    const text = 'VIES checks VAT numbers of EU member states only: this client is not in one.';
    expect(viesRefusalOf(graphqlError(text, 'BAD_USER_INPUT'))).toEqual({ kind: 'refused', message: text });
  });

  it('keeps anything else to the general words of a failed request', () => {
    expect(viesRefusalOf(graphqlError('boom', 'INTERNAL_SERVER_ERROR'))).toEqual({ kind: 'other' });
    expect(viesRefusalOf(new Error('?'))).toEqual({ kind: 'other' });
  });

  it('puts the newest check first', () => {
    const check = (id: string, checkedAt: string) => ({ id, checkedAt, countryCode: 'EL', vatNumber: '099999999', valid: true, requestDate: checkedAt.slice(0, 10), requestIdentifier: null, name: null, address: null });
    expect(newestFirst([check('a', '2026-03-01T10:00:00.000Z'), check('b', '2026-03-20T10:00:00.000Z'), check('c', '2026-03-05T10:00:00.000Z')]).map((c) => c.id)).toEqual(['b', 'c', 'a']);
  });
});
