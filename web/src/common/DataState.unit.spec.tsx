// @vitest-environment happy-dom
import { CombinedGraphQLErrors, ServerError } from '@apollo/client';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../public/static/locales/en/translation.json';
import el from '../../public/static/locales/el/translation.json';
import ru from '../../public/static/locales/ru/translation.json';
import { ApiError } from '../api/http';
import { loadFailureOf, type LoadFailure, type LoadState } from './DataState';
import { ResponsiveTable } from './ResponsiveTable';

const serverError = (status: number) => new ServerError(`Response not successful: Received status code ${status}`, { response: new Response('', { status }), bodyText: '' });
const graphqlError = (code: string) => new CombinedGraphQLErrors({ errors: [{ message: 'x', extensions: { code } }] });

const setWidth = (width: number) =>
  act(() => {
    (window as unknown as { happyDOM: { setViewport: (v: { width: number; height: number }) => void } }).happyDOM.setViewport({ width, height: 800 });
  });

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
});
afterEach(async () => {
  cleanup();
  await setWidth(1024);
});

describe('loadFailureOf', () => {
  it.each<[string, unknown, LoadFailure]>([
    ['a REST call with no answer', new ApiError(0, 'Failed to fetch'), 'offline'],
    ['a REST 500', new ApiError(500, 'Request failed with status code 500'), 'server'],
    ['a REST 403', new ApiError(403, 'Forbidden', undefined, true), 'forbidden'],
    ['a REST 401', new ApiError(401, 'Authentication required.', undefined, true), 'signedOut'],
    ['a REST 504', new ApiError(504, 'x'), 'timeout'],
    ['a REST 429', new ApiError(429, 'x'), 'busy'],
    ['a REST 503', new ApiError(503, 'x'), 'unavailable'],
    ['a REST 400', new ApiError(400, 'x'), 'other'],
    ['a GraphQL answer of 500', serverError(500), 'server'],
    ['a GraphQL answer of 502', serverError(502), 'unavailable'],
    ['a GraphQL answer of 408', serverError(408), 'timeout'],
    ['fetch failing (no answer)', new TypeError('Failed to fetch'), 'offline'],
    ['an aborted wait', Object.assign(new Error('signal timed out'), { name: 'TimeoutError' }), 'timeout'],
    ['FORBIDDEN', graphqlError('FORBIDDEN'), 'forbidden'],
    ['UNAUTHENTICATED', graphqlError('UNAUTHENTICATED'), 'signedOut'],
    ['NOT_FOUND', graphqlError('NOT_FOUND'), 'notFound'],
    ['INTERNAL_SERVER_ERROR', graphqlError('INTERNAL_SERVER_ERROR'), 'server'],
    ['SERVICE_UNAVAILABLE', graphqlError('SERVICE_UNAVAILABLE'), 'unavailable'],
    ['RATE_LIMITED', graphqlError('RATE_LIMITED'), 'busy'],
    ['BAD_USER_INPUT', graphqlError('BAD_USER_INPUT'), 'other'],
    ['anything else', 'boom', 'other'],
  ])('%s is %s', (_, error, kind) => expect(loadFailureOf(error)).toBe(kind));

  it('has a text for every kind in en, el and ru', () => {
    const kinds: LoadFailure[] = ['offline', 'timeout', 'server', 'unavailable', 'forbidden', 'signedOut', 'busy', 'notFound', 'other'];
    for (const texts of [en, el, ru]) {
      const state = texts.common.dataState;
      expect(Object.keys(state.reasons).sort()).toEqual([...kinds].sort());
      for (const text of [state.failed, state.retry, state.notLoaded, ...Object.values(state.reasons)]) expect(text.length).toBeGreaterThan(2);
    }
    expect(el.common.dataState.retry).not.toBe(en.common.dataState.retry);
    expect(ru.common.dataState.retry).not.toBe(en.common.dataState.retry);
  });
});

interface Row {
  id: string;
  number: string;
}

const List = ({ state, data }: { state: LoadState; data: Row[] }) => (
  <ResponsiveTable<Row>
    label="Invoices"
    rowKey="id"
    dataSource={data}
    state={state}
    pagination={false}
    locale={{ emptyText: 'No invoices found.' }}
    columns={[{ key: 'number', title: 'Number', render: (_, r) => r.number }]}
    card={(r) => ({ title: r.number })}
  />
);

describe('a list in its load states', () => {
  for (const width of [1024, 375]) {
    it(`loading with no rows: a skeleton, never the empty text (${width} px)`, async () => {
      await setWidth(width);
      render(<List state={{ loading: true }} data={[]} />);
      expect(screen.getByTestId('load-skeleton')).toBeTruthy();
      expect(screen.queryByText('No invoices found.')).toBeNull();
    });

    it(`failed: the reason and Retry, which asks again; never the empty text nor the raw message (${width} px)`, async () => {
      await setWidth(width);
      const retry = vi.fn(() => Promise.reject(serverError(500)));
      render(<List state={{ loading: false, error: serverError(500), retry }} data={[]} />);
      const failure = screen.getByTestId('load-error');
      expect(failure.textContent).toContain('Could not load this data');
      expect(failure.textContent).toContain('Something went wrong on the server');
      expect(failure.textContent).not.toContain('status code');
      expect(screen.queryByText('No invoices found.')).toBeNull();
      fireEvent.click(screen.getByTestId('load-retry'));
      await waitFor(() => expect(retry).toHaveBeenCalledTimes(1));
    });

    it(`answered empty: the empty text (${width} px)`, async () => {
      await setWidth(width);
      render(<List state={{ loading: false }} data={[]} />);
      expect(screen.getByText('No invoices found.')).toBeTruthy();
      expect(screen.queryByTestId('load-skeleton')).toBeNull();
      expect(screen.queryByTestId('load-error')).toBeNull();
    });
  }

  it('refreshing over rows keeps the rows', async () => {
    render(<List state={{ loading: true }} data={[{ id: '1', number: 'INV-1' }]} />);
    expect(screen.getByText('INV-1')).toBeTruthy();
    expect(screen.queryByTestId('load-skeleton')).toBeNull();
  });
});
