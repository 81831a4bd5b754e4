import { CombinedGraphQLErrors } from '@apollo/client';
import { loadFailureOf } from '../../common/DataState';
import { messageOf } from '../accounting/hooks/graphqlErrors';
import type { ViesCheckFieldsFragment } from '../../gql/graphql';

export type ViesCheckView = ViesCheckFieldsFragment;

/**
 * Why a VIES check gave no answer to keep: VIES (or the member state's service behind it) did not
 * answer, which a later try may mend; or the server refused to ask (the client outside the EU, no
 * VAT number), in its own words; or anything else, in the general words of a failed request.
 */
export type ViesRefusal = { kind: 'unavailable' } | { kind: 'refused'; message: string } | { kind: 'other' };

export const viesRefusalOf = (err: unknown): ViesRefusal => {
  const failure = loadFailureOf(err);
  if (failure === 'unavailable' || failure === 'timeout') return { kind: 'unavailable' };
  if (CombinedGraphQLErrors.is(err) && err.errors[0]?.extensions?.code === 'BAD_USER_INPUT') return { kind: 'refused', message: messageOf(err) };
  return { kind: 'other' };
};

/** The newest check (the server lists them newest first; sorted again so the screen never depends on it). */
export const newestFirst = (checks: readonly ViesCheckView[]): ViesCheckView[] => [...checks].sort((a, b) => (a.checkedAt < b.checkedAt ? 1 : a.checkedAt > b.checkedAt ? -1 : 0));
