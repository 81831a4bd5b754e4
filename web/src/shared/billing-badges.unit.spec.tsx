// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initReactI18next } from 'react-i18next';
import en from '../../public/static/locales/en/translation.json';
import { InvoiceStatusBadge, NextBillingBadge, nextBillingOf, SubscriptionStatusBadge } from './billing-badges';

const TODAY = '2026-11-22';
const sub = (billing_cycle: string, next_billing_date: string | null, invoiced_until: string | null) => ({
  product: { billing_cycle },
  next_billing_date,
  invoiced_until,
});

beforeAll(async () => {
  dayjs.locale('en');
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
});
afterEach(cleanup);

describe('nextBillingOf', () => {
  it('is done for an invoiced once-off product, whatever its dates', () => {
    expect(nextBillingOf(sub('one_time', '2026-12-01', '2026-11-01'), TODAY)).toEqual({ kind: 'onceOffDone' });
  });

  it('shows the next date, past strictly before today', () => {
    expect(nextBillingOf(sub('monthly', '2026-11-21', '2026-11-20'), TODAY)).toEqual({ kind: 'date', date: '2026-11-21', past: true });
    expect(nextBillingOf(sub('monthly', TODAY, null), TODAY)).toEqual({ kind: 'date', date: TODAY, past: false });
    expect(nextBillingOf(sub('one_time', '2026-12-01', null), TODAY)).toEqual({ kind: 'date', date: '2026-12-01', past: false });
  });

  it('has nothing to show without a date', () => {
    expect(nextBillingOf(sub('annually', null, '2026-11-01'), TODAY)).toEqual({ kind: 'none' });
  });
});

const tagColorOf = (text: string) => screen.getByText(text).closest('.ant-tag')?.className ?? '';

describe('badges', () => {
  it('renders Once-off Done grey, an overdue date red and a future date green', () => {
    render(
      <>
        <NextBillingBadge subscription={sub('one_time', null, '2026-11-01')} today={TODAY} />
        <NextBillingBadge subscription={sub('monthly', '2026-11-01', null)} today={TODAY} />
        <NextBillingBadge subscription={sub('monthly', '2026-12-01', null)} today={TODAY} />
        <NextBillingBadge subscription={sub('monthly', null, null)} today={TODAY} />
      </>,
    );
    expect(tagColorOf('Once-off Done')).toMatch(/billing-badge--default/);
    expect(tagColorOf('01 / November / 2026')).toMatch(/billing-badge--error/);
    expect(tagColorOf('01 / December / 2026')).toMatch(/billing-badge--success/);
    expect(screen.getByText('N/A')).toBeTruthy();
  });

  it('colours subscription and invoice statuses', () => {
    render(
      <>
        <SubscriptionStatusBadge status="active" />
        <SubscriptionStatusBadge status="cancelled" />
        <InvoiceStatusBadge paid />
        <InvoiceStatusBadge paid={false} />
      </>,
    );
    expect(tagColorOf('Active')).toMatch(/billing-badge--success/);
    expect(tagColorOf('Cancelled')).toMatch(/billing-badge--default/);
    expect(tagColorOf('Paid')).toMatch(/billing-badge--success/);
    expect(tagColorOf('Unpaid')).toMatch(/billing-badge--warning/);
    expect((screen.getByText('Unpaid') as HTMLElement).style.color).toMatch(/^(#854d0e|rgb\(133, 77, 14\))$/);
  });
});
