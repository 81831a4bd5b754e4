// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { Table } from 'antd';
import dayjs from 'dayjs';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initReactI18next } from 'react-i18next';
import en from '../../../public/static/locales/en/translation.json';
import { SubscriptionInvoiceStatusBadge } from './SubscriptionBadges';
import { subscriptionCard, subscriptionColumns } from './subscriptionColumns';
import type { SubscriptionView } from './subscriptionTypes';

const TODAY = '2026-11-22';

const sub = (id: string, over: Partial<SubscriptionView>): SubscriptionView => ({
  id,
  client: { id: 'c1', name: `Client ${id}` },
  product: { id: 'p1', name: `Product ${id}`, billingCycle: 'monthly', price: 49.99 },
  startDate: '2026-01-01',
  status: 'active',
  autoGenerateInvoices: true,
  invoicedUntil: null,
  nextBillingDate: null,
  invoiceStatus: 'Invoiced',
  version: 1,
  ...over,
});

beforeAll(async () => {
  dayjs.locale('en');
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
});
afterEach(cleanup);

const renderRows = (rows: SubscriptionView[]) =>
  render(<Table rowKey="id" pagination={false} dataSource={rows} columns={subscriptionColumns(i18n.t, TODAY, { withClient: true })} />);

const row = (id: string) => document.querySelector(`tr[data-row-key="${id}"]`) as HTMLElement;
const tag = (id: string, text: string) => within(row(id)).getByText(text).closest('.ant-tag')?.className ?? '';

describe('admin subscription rows', () => {
  it("shows the product's price on the phone card, beside its dates", () => {
    const card = subscriptionCard(i18n.t, TODAY, { withClient: true }, null, sub('card', { nextBillingDate: '2026-12-01' }));
    expect(card.fields!.map((f) => f.label)).toEqual(['Price', 'Start Date', 'Next Billing']);
    render(<>{card.fields![0]!.value}</>);
    expect(screen.getByText(/49,99 €/)).toBeTruthy();
  });

  it('shows Once-off Done in grey for an invoiced one-time product, whatever its next date', () => {
    renderRows([sub('once', { product: { id: 'p', name: 'Workshop', billingCycle: 'one_time', price: 500 }, invoicedUntil: '2026-02-01', nextBillingDate: '2026-03-01' })]);
    expect(tag('once', 'Once-off Done')).toContain('billing-badge--default');
    expect(within(row('once')).queryByText('01 / March / 2026')).toBeNull();
  });

  it('shows the next billing date red when past and green from today on, N/A without one', () => {
    renderRows([
      sub('past', { nextBillingDate: '2026-11-21' }),
      sub('today', { nextBillingDate: TODAY }),
      sub('none', { nextBillingDate: null, status: 'cancelled' }),
      sub('oncePending', { product: { id: 'p', name: 'Workshop', billingCycle: 'one_time', price: 500 }, nextBillingDate: '2026-12-01' }),
    ]);
    expect(tag('past', '21 / November / 2026')).toContain('billing-badge--error');
    expect(tag('today', '22 / November / 2026')).toContain('billing-badge--success');
    expect(within(row('none')).getByText('N/A')).toBeTruthy();
    expect(tag('oncePending', '01 / December / 2026')).toContain('billing-badge--success');
  });

  it('colours the status green only when active', () => {
    renderRows([sub('a', { status: 'active' }), sub('c', { status: 'cancelled' })]);
    expect(tag('a', 'Active')).toContain('billing-badge--success');
    expect(tag('c', 'Cancelled')).toContain('billing-badge--default');
    expect(tag('c', 'Cancelled')).not.toContain('success');
  });

  it('colours the invoice status green for Invoiced and warning otherwise', () => {
    render(
      <>
        <SubscriptionInvoiceStatusBadge status="Invoiced" />
        <SubscriptionInvoiceStatusBadge status="Due" />
        <SubscriptionInvoiceStatusBadge status="Not invoiced" />
        <SubscriptionInvoiceStatusBadge status="Something new" />
      </>,
    );
    const cls = (text: string) => screen.getByText(text).closest('.ant-tag')?.className ?? '';
    expect(cls('Invoiced')).toContain('billing-badge--success');
    expect(cls('Due')).toContain('billing-badge--warning');
    expect(cls('Not invoiced')).toContain('billing-badge--warning');
    expect(cls('Something new')).toContain('billing-badge--warning');
  });
});
