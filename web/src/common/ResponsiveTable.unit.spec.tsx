// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initReactI18next } from 'react-i18next';
import en from '../../public/static/locales/en/translation.json';
import { ResponsiveTable } from './ResponsiveTable';
import { RowActions } from './RowActions';

interface Row {
  id: string;
  number: string;
  amount: string;
}

const rows = (n: number): Row[] => Array.from({ length: n }, (_, i) => ({ id: `r${i + 1}`, number: `INV-${i + 1}`, amount: `${i + 1},00 €` }));

const setWidth = (width: number) =>
  act(() => {
    (window as unknown as { happyDOM: { setViewport: (v: { width: number; height: number }) => void } }).happyDOM.setViewport({ width, height: 800 });
  });

const List = (props: { data: Row[]; pagination?: false | { pageSize?: number; current?: number; total?: number; onChange?: (p: number, s: number) => void } }) => (
  <ResponsiveTable<Row>
    label="Invoices"
    rowKey="id"
    dataSource={props.data}
    pagination={props.pagination ?? false}
    locale={{ emptyText: 'No invoices found.' }}
    columns={[
      { key: 'number', title: 'Number', render: (_, r) => r.number },
      { key: 'amount', title: 'Amount', render: (_, r) => r.amount },
    ]}
    card={(r) => ({ title: r.number, amount: r.amount, status: <span>Unpaid</span>, fields: [{ key: 'due', label: 'Due Date', value: '15 / November / 2026' }], actions: <button type="button">Pay Now</button> })}
  />
);

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
});
afterEach(async () => {
  cleanup();
  await setWidth(1024);
});

describe('ResponsiveTable', () => {
  it('shows the table from 768 px up', async () => {
    await setWidth(1024);
    render(<List data={rows(2)} />);
    expect(screen.getByRole('table')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Amount' })).toBeTruthy();
    expect(document.querySelectorAll('li.list-card')).toHaveLength(0);
  });

  it('shows one card per row below 768 px: identifier, amount, status, dates and the main action', async () => {
    await setWidth(375);
    render(<List data={rows(2)} />);
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Invoices' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    for (const text of ['INV-1', '1,00 €', 'Unpaid', 'Due Date', '15 / November / 2026']) expect(first.getByText(text)).toBeTruthy();
    expect(first.getByRole('button', { name: 'Pay Now' })).toBeTruthy();
  });

  it('pages the rows itself when the table would (no total), and leaves a server page whole', async () => {
    await setWidth(375);
    const { unmount } = render(<List data={rows(30)} pagination={{ pageSize: 25 }} />);
    expect(document.querySelectorAll('li.list-card')).toHaveLength(25);
    fireEvent.click(document.querySelector('.ant-pagination-next')!);
    await waitFor(() => expect(document.querySelectorAll('li.list-card')).toHaveLength(5));
    expect(screen.getByText('INV-30')).toBeTruthy();
    unmount();

    const onChange = vi.fn();
    render(<List data={rows(25)} pagination={{ current: 1, pageSize: 25, total: 60, onChange }} />);
    expect(document.querySelectorAll('li.list-card')).toHaveLength(25);
    fireEvent.click(document.querySelector('.ant-pagination-next')!);
    expect(onChange).toHaveBeenCalledWith(2, 25);
  });

  it('says so when there is nothing to show', async () => {
    await setWidth(375);
    render(<List data={[]} />);
    expect(screen.getByText('No invoices found.')).toBeTruthy();
  });
});

describe('RowActions', () => {
  it('keeps inline actions as buttons and the rest in More, without the click reaching the row', async () => {
    const onRow = vi.fn();
    const onSend = vi.fn();
    const onHistory = vi.fn();
    render(
      <div onClick={onRow}>
        <RowActions
          actions={[
            { key: 'send', label: 'Send', inline: true, onClick: onSend },
            { key: 'pdf', label: 'Download PDF', inline: true, iconOnly: true, icon: <span>P</span>, href: '/api/invoices/1/pdf/' },
            { key: 'history', label: 'History', onClick: onHistory },
          ]}
        />
      </div>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe('/api/invoices/1/pdf/');
    expect(screen.queryByText('History')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /More/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'History' }));
    expect(onHistory).toHaveBeenCalledOnce();
    expect(onRow).not.toHaveBeenCalled();
  });

  it('has no More button when every action is inline', () => {
    render(<RowActions actions={[{ key: 'edit', label: 'Edit', inline: true }]} />);
    expect(screen.queryByRole('button', { name: /More/ })).toBeNull();
  });
});
