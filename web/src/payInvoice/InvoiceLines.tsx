import { useTranslation } from 'react-i18next';
import { formatEuros } from '../common/format';
import type { PublicInvoice } from './usePublicInvoice';

// Quantities and rates in the German number format the amounts use ("1,5 × 80,00 €", "19 %").
const figure = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 3 });

/**
 * What the invoice is for, line by line, and its totals (the spec's Total Amount last, and what is
 * still owed when payments or credit notes made it differ). Amounts never wrap and keep the row's
 * right edge; a long description wraps beside them.
 */
export const InvoiceLines = ({ invoice, owed }: { invoice: PublicInvoice; owed: boolean }) => {
  const { t } = useTranslation();
  return (
    <section className="pay-lines" aria-labelledby="pay-lines-heading">
      <h2 id="pay-lines-heading">{t('payInvoice.lines.heading')}</h2>
      {invoice.items.length > 0 && (
        <ul className="pay-lines-list">
          {invoice.items.map((line, i) => (
            <li key={i} className="pay-line" data-testid="pay-line">
              <div className="pay-line-text">
                <span className="pay-line-description">{line.description}</span>
                <span className="pay-line-detail">
                  {t('payInvoice.lines.quantity', { quantity: figure.format(line.quantity), price: formatEuros(line.unit_price) })}
                  {' · '}
                  {t('payInvoice.lines.vat', { rate: figure.format(line.vat_rate) })}
                </span>
              </div>
              <span className="pay-money">{formatEuros(line.total)}</span>
            </li>
          ))}
        </ul>
      )}
      <dl className="pay-totals">
        <div>
          <dt>{t('payInvoice.lines.net')}</dt>
          <dd className="pay-money">{formatEuros(invoice.net_amount)}</dd>
        </div>
        <div>
          <dt>{t('payInvoice.lines.vatTotal')}</dt>
          <dd className="pay-money">{formatEuros(invoice.vat_amount)}</dd>
        </div>
        <div className="pay-total">
          <dt>{t('payInvoice.totalAmount')}</dt>
          <dd className="pay-money pay-invoice-total" data-testid="pay-total">
            {formatEuros(invoice.total_amount)}
          </dd>
        </div>
        {owed && invoice.open_amount !== invoice.total_amount && (
          <div className="pay-total">
            <dt>{t('payInvoice.openAmount')}</dt>
            <dd className="pay-money" data-testid="pay-invoice-open">
              {formatEuros(invoice.open_amount)}
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
};
