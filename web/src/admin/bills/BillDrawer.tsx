import { Descriptions, Drawer, Grid } from 'antd';
import { useTranslation } from 'react-i18next';
import { currencyLabel, EURO, formatDate, formatEuros, formatQuantity } from '../../common/format';
import { useFormatAmount, useScreenLanguage } from '../../common/useAmount';
import type { BillView } from './billApi';
import { useBookedText } from './BillCurrency';
import { BillDocuments, BillWarnings } from './BillDocuments';

/**
 * A posted bill as entered, read only: its dates, currency and totals, each amount in the bill's
 * currency (one in another currency also with its gross in euros as booked and the rate), its lines,
 * its payments (a credit note's refunds), each in another currency with the day's rate and what the
 * money was in euros, then what its import warned of and its documents.
 */
export const BillDrawer = ({ bill, onClose }: { bill: BillView | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const credit = bill?.document_type === 'credit_note';
  const title = bill ? t(credit ? 'admin.bills.view.creditNoteTitle' : 'admin.bills.view.title', { number: bill.invoice_number, supplier: bill.supplier_name ?? '' }) : undefined;
  return (
    <Drawer
      open={!!bill}
      onClose={onClose}
      title={title}
      size={screens.md ? 720 : '100%'}
      destroyOnHidden
      rootClassName="admin-drawer"
      data-testid="bill-drawer"
    >
      {/* Focusable, so that a keyboard scrolls a bill longer than the screen (a bill without documents has no link in it). */}
      {bill && (
        <div className="bill-view" role="region" aria-label={title} tabIndex={0}>
          <BillDetails bill={bill} />
        </div>
      )}
    </Drawer>
  );
};

const BillDetails = ({ bill }: { bill: BillView }) => {
  const { t } = useTranslation();
  const language = useScreenLanguage();
  const formatAmount = useFormatAmount();
  const bookedText = useBookedText();
  const currency = bill.currency || EURO;
  const foreign = currency !== EURO;
  const money = (amount: number) => formatAmount(amount, currency);
  const amount = (value: number, testId?: string) => (
    <span className="admin-amount" data-testid={testId}>
      {money(value)}
    </span>
  );
  const credit = bill.document_type === 'credit_note';
  const booked = bookedText(bill);
  return (
    <>
      <Descriptions
        size="small"
        bordered
        column={1}
        className="bill-view-summary"
        data-testid="bill-summary"
        items={[
          { key: 'date', label: t('admin.bills.fields.date'), children: formatDate(bill.date) },
          { key: 'due', label: t('admin.bills.fields.dueDate'), children: formatDate(bill.due_date) },
          { key: 'currency', label: t('admin.bills.fields.currency'), children: currencyLabel(currency, language) },
          { key: 'net', label: t('admin.bills.totals.net'), children: amount(bill.net_amount) },
          { key: 'vat', label: t('admin.bills.totals.vat'), children: amount(bill.vat_amount) },
          ...(bill.self_assessed_vat_amount ? [{ key: 'selfAssessed', label: t('admin.bills.totals.selfAssessedVat'), children: amount(bill.self_assessed_vat_amount) }] : []),
          { key: 'total', label: t('admin.bills.fields.total'), children: amount(bill.total_amount, 'bill-total') },
          ...(booked ? [{ key: 'booked', label: t('admin.bills.view.booked'), children: <span data-testid="bill-booked">{booked}</span> }] : []),
          { key: 'paid', label: t(credit ? 'admin.bills.view.refunded' : 'admin.bills.view.paid'), children: amount(bill.paid_amount, 'bill-paid') },
          { key: 'open', label: t('admin.bills.fields.openAmount'), children: amount(bill.open_amount, 'bill-open') },
        ]}
      />
      <h3 className="bill-lines-title">{t('admin.bills.lines')}</h3>
      <ol className="bill-view-list" data-testid="bill-view-lines">
        {bill.items.map((line, i) => (
          <li key={i} className="bill-view-row">
            <div className="bill-view-row-main">
              <span className="bill-view-description">{line.description}</span>
              <span className="admin-muted">{t('admin.bills.view.lineFigures', { quantity: formatQuantity(line.quantity), price: money(line.unit_price), rate: formatQuantity(line.vat_rate) })}</span>
            </div>
            <span className="admin-amount">{money(line.net_amount)}</span>
          </li>
        ))}
      </ol>
      <h3 className="bill-lines-title">{t(credit ? 'admin.bills.view.refunds' : 'admin.bills.view.payments')}</h3>
      {bill.payments.length === 0 ? (
        <p className="admin-muted">{t(credit ? 'admin.bills.view.noRefunds' : 'admin.bills.view.noPayments')}</p>
      ) : (
        <ol className="bill-view-list" data-testid="bill-payments">
          {bill.payments.map((p) => (
            <li key={p.id} className="bill-view-row" data-testid="bill-payment">
              <div className="bill-view-row-main">
                <span>{formatDate(p.date)}</span>
                {p.reference && <span className="admin-muted bill-view-reference">{p.reference}</span>}
                {/* In another currency: the day's rate and what the money was in euros. */}
                {foreign && p.exchange_rate && (
                  <span className="admin-muted" data-testid="bill-payment-euros">
                    {t('admin.bills.view.paymentEuros', { amount: formatEuros(p.amount_eur), rate: p.exchange_rate, currency })}
                  </span>
                )}
              </div>
              <span className="admin-amount">{money(p.amount)}</span>
            </li>
          ))}
        </ol>
      )}
      <BillWarnings bill={bill} />
      <BillDocuments bill={bill} editable={false} />
    </>
  );
};
