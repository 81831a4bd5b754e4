// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initReactI18next } from 'react-i18next';
import en from '../../../public/static/locales/en/translation.json';
import { InvoiceTotals } from './LineItemsEditor';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
});
afterEach(cleanup);

const text = (id: string) => screen.getByTestId(id).textContent?.replace(/\u00a0/g, ' ');

describe('invoice totals under the line editor', () => {
  it('shows net, VAT and gross in German euro format with per-line half-up VAT', () => {
    render(
      <InvoiceTotals
        lines={[
          { description: 'a', quantity: 1, unitPrice: 0.5, vatRate: 25 },
          { description: 'b', quantity: 1, unitPrice: 0.5, vatRate: 25 },
          { description: 'Licence', quantity: 1, unitPrice: 2000, vatRate: 19 },
        ]}
      />,
    );
    expect(text('total-net')).toBe('2.001,00 €');
    expect(text('total-vat')).toBe('380,26 €');
    expect(text('total-gross')).toBe('2.381,26 €');
    expect(screen.queryByText(en.admin.invoices.incompleteLines)).toBeNull();
  });

  it("shows them in the invoice's currency in the screen language's format (issue 40)", () => {
    render(<InvoiceTotals currency="USD" lines={[{ description: 'Licence', quantity: 1, unitPrice: 2000, vatRate: 19 }]} />);
    expect(text('total-net')).toBe('$2,000.00');
    expect(text('total-vat')).toBe('$380.00');
    expect(text('total-gross')).toBe('$2,380.00');
  });

  it('says when a line cannot be counted yet', () => {
    render(<InvoiceTotals lines={[{ description: 'x', quantity: 1, unitPrice: 10 }, { description: 'y', unitPrice: '1.005' }]} />);
    expect(text('total-gross')).toBe('10,00 €');
    expect(screen.getByText(en.admin.invoices.incompleteLines)).toBeTruthy();
  });
});
