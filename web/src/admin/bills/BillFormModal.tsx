import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, InputNumber, Radio, Select, type FormInstance } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays } from '../../../../domain/shared/dates';
import { MAX_AMOUNT_CENTS, MAX_QUANTITY } from '../../../../domain/shared/money';
import { currencySymbol, EURO, formatAmountCents, formatDate, localToday } from '../../common/format';
import { useFormatAmount, useScreenLanguage } from '../../common/useAmount';
import { useCurrencyOptions } from '../clients/clientCurrency';
import { cleanTextRule } from '../common/cleanText';
import { FormModal } from '../common/FormModal';
import { IsoDatePicker } from '../common/IsoDatePicker';
import type { ChartAccount, SupplierView } from '../suppliers/useSuppliers';
import { billApi, type BillView } from './billApi';
import { BillDocuments, BillWarnings } from './BillDocuments';
import { BILL_VAT_CATEGORIES, billFormTotals, creditedCurrency, valuesOf, type BillLineValues, type BillValues, type BillVatCategory } from './billForm';

interface Props {
  open: boolean;
  /** The draft being edited; null for a new bill. */
  bill: BillView | null;
  suppliers: SupplierView[];
  /** The accounts a purchase may be booked to. */
  accounts: ChartAccount[];
  saving: boolean;
  /** A refusal of the server that belongs to no field. */
  error: string | null;
  form: FormInstance<BillValues>;
  onCancel: () => void;
  onSave: (values: BillValues) => void;
  /** A document attached or removed (the list shows the bill's documents afresh). */
  onDocumentsChanged: () => void;
}

/** A line's category from its rate when none was chosen: S above 0 %, Z at 0 % (as the server decides). */
const categoryFor = (rate: number | undefined): BillVatCategory => (rate && rate > 0 ? 'S' : 'Z');

/** A new line with the supplier's default account and VAT rate. */
const blankLine = (supplier: SupplierView | undefined): BillLineValues => ({
  description: '',
  account: supplier?.defaultAccountId ?? undefined,
  quantity: 1,
  unitPrice: undefined,
  vatRate: supplier?.defaultVatRate ?? undefined,
  vatCategory: supplier ? categoryFor(supplier.defaultVatRate) : 'S',
});

/** A line nothing was typed into yet: choosing a supplier fills it with its defaults. */
const untouched = (l: BillLineValues | undefined) => !l || (!l.description?.trim() && (l.unitPrice === undefined || l.unitPrice === null));

/**
 * A credit note's choice of the bill it corrects: the supplier's posted bills (credit notes are not
 * corrected by another), each with its total in its currency; the one chosen gives the credit note its currency.
 */
const CreditedBillField = ({ supplierId, self, onCurrency }: { supplierId: string | undefined; self: string | null; onCurrency: (currency: string) => void }) => {
  const { t } = useTranslation();
  const money = useFormatAmount();
  const [bills, setBills] = useState<BillView[] | null>(null);
  useEffect(() => {
    setBills(null);
    if (!supplierId) return;
    let live = true;
    billApi
      .ofSupplier(supplierId)
      .then((all) => live && setBills(all.filter((b) => b.id !== self && b.status !== 'draft' && b.document_type !== 'credit_note')))
      .catch((err: unknown) => {
        console.warn('Supplier bills not loaded', err);
        if (live) setBills([]);
      });
    return () => {
      live = false;
    };
  }, [supplierId, self]);
  return (
    <Form.Item name="creditedBill" label={t('admin.bills.creditNote.creditedBill')} extra={t('admin.bills.creditNote.creditedBillHelp')}>
      <Select
        disabled={!supplierId}
        loading={!!supplierId && bills === null}
        placeholder={supplierId ? undefined : t('admin.bills.creditNote.chooseSupplierFirst')}
        options={[{ value: '', label: t('admin.bills.creditNote.noCreditedBill') }, ...(bills ?? []).map((b) => ({ value: b.id, label: `${b.invoice_number} · ${formatDate(b.date)} · ${money(b.total_amount, b.currency)}` }))]}
        onChange={(id: string) => {
          const currency = creditedCurrency({ documentType: 'credit_note', creditedBill: id }, bills);
          if (currency) onCurrency(currency);
        }}
        data-testid="bill-credited-bill"
      />
    </Form.Item>
  );
};

/** Net, VAT charged, VAT self-assessed and the total owed, as typed, with the server's arithmetic, in the bill's currency. */
const BillTotals = ({ lines, currency }: { lines: BillLineValues[]; currency: string }) => {
  const { t } = useTranslation();
  const language = useScreenLanguage();
  const totals = billFormTotals(lines);
  const formatMoney = (cents: number) => formatAmountCents(cents, currency, language);
  return (
    <>
      <dl className="admin-totals" data-testid="bill-totals" aria-live="polite">
        <div>
          <dt>{t('admin.bills.totals.net')}</dt>
          <dd data-testid="bill-total-net">{formatMoney(totals.netCents)}</dd>
        </div>
        <div>
          <dt>{t('admin.bills.totals.vat')}</dt>
          <dd data-testid="bill-total-vat">{formatMoney(totals.vatCents)}</dd>
        </div>
        <div>
          <dt>{t('admin.bills.totals.selfAssessedVat')}</dt>
          <dd data-testid="bill-total-self-assessed">{formatMoney(totals.selfAssessedVatCents)}</dd>
        </div>
        <div className="admin-totals-gross">
          <dt>{t('admin.bills.totals.total')}</dt>
          <dd data-testid="bill-total-gross">{formatMoney(totals.grossCents)}</dd>
        </div>
      </dl>
      {totals.incomplete && <div className="admin-muted admin-totals-note">{t('admin.invoices.incompleteLines')}</div>}
    </>
  );
};

/**
 * New bill and Edit (drafts only): the supplier (its default account and VAT rate fill new lines,
 * its payment terms give the due date when none is typed), their invoice number, the dates, the
 * lines with their account and VAT category (AE: reverse charge, VAT self-assessed) and the live
 * totals; optionally the total the document states, which the server checks against the lines.
 * The currency the amounts are in (the euro unless another is chosen; a draft keeps its own, an
 * e-invoice's draft the document's; a credit note that corrects a bill takes the bill's, fixed).
 * A saved draft shows what its import warned of and its documents, where its original is attached.
 */
export const BillFormModal = ({ open, bill, suppliers, accounts, saving, error, form, onCancel, onSave, onDocumentsChanged }: Props) => {
  const { t } = useTranslation();
  const banner = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) banner.current?.scrollIntoView({ block: 'nearest' });
  }, [error]);
  const supplierId = Form.useWatch('supplier', form);
  const documentType = Form.useWatch('documentType', form);
  const creditedBill = Form.useWatch('creditedBill', form);
  const currency = (Form.useWatch('currency', form) as string | undefined) || EURO;
  const language = useScreenLanguage();
  const currencyOptions = useCurrencyOptions(language);
  const symbol = currencySymbol(currency, language);
  // A credit note that corrects a bill is in that bill's currency (the server refuses another).
  const currencyFixed = documentType === 'credit_note' && !!creditedBill;
  const date = Form.useWatch('date', form);
  const items = (Form.useWatch('items', form) ?? []) as BillLineValues[];
  const supplier = suppliers.find((s) => s.id === supplierId);
  const termsDue = supplier && date ? addDays(date, supplier.paymentTermsDays) : null;

  // A supplier chosen fills the lines not typed into yet (and the account of any line without one).
  const onSupplier = (id: string) => {
    const chosen = suppliers.find((s) => s.id === id);
    if (!chosen) return;
    // Another supplier's bill cannot be the one a credit note corrects.
    form.setFieldValue('creditedBill', '');
    const lines = (form.getFieldValue('items') ?? []) as BillLineValues[];
    form.setFieldValue(
      'items',
      lines.map((l) =>
        untouched(l)
          ? { ...l, ...blankLine(chosen), description: l.description }
          : {
              ...l,
              account: l.account ?? chosen.defaultAccountId ?? undefined,
            },
      ),
    );
  };
  // Zero-rated and exempt lines carry 0 %; a standard or reverse-charge line a rate (the supplier's, if it has one).
  const onCategory = (line: number, category: BillVatCategory) => {
    const rate = Number(form.getFieldValue(['items', line, 'vatRate']) ?? 0);
    if (category === 'Z' || category === 'E') form.setFieldValue(['items', line, 'vatRate'], 0);
    else if (!(rate > 0) && supplier?.defaultVatRate) form.setFieldValue(['items', line, 'vatRate'], supplier.defaultVatRate);
  };

  const required = { required: true, message: t('admin.validation.required') };
  const accountOptions = accounts.map((a) => ({
    value: a.id,
    label: `${a.code} ${a.accountName}`,
  }));
  return (
    <FormModal<BillValues>
      open={open}
      title={bill ? t('admin.bills.editTitle', { number: bill.invoice_number }) : t('admin.bills.createTitle')}
      saving={saving}
      form={form}
      name="bill"
      record={bill}
      width={960}
      values={() =>
        bill
          ? valuesOf(bill)
          : {
              supplier: undefined,
              invoiceNumber: '',
              date: localToday(),
              dueDate: null,
              items: [blankLine(undefined)],
              statedTotal: null,
              documentType: 'bill',
              creditedBill: '',
              currency: EURO,
            }
      }
      banner={
        error ? (
          <div ref={banner}>
            <Alert type="error" showIcon className="bill-form-error" title={error} data-testid="bill-error" />
          </div>
        ) : null
      }
      onCancel={onCancel}
      onSave={onSave}
    >
      {/* What the document is is chosen when it is entered; an edit keeps it. */}
      <Form.Item name="documentType" label={t('admin.bills.creditNote.documentType')} extra={documentType === 'credit_note' ? t('admin.bills.creditNote.documentTypeHelp') : undefined} hidden={!!bill}>
        <Radio.Group
          className="bill-document-type"
          options={(['bill', 'credit_note'] as const).map((type) => ({ value: type, label: t(`admin.bills.creditNote.types.${type}`) }))}
          onChange={(e) => e.target.value === 'bill' && form.setFieldValue('creditedBill', '')}
          data-testid="bill-document-type"
        />
      </Form.Item>
      <div className="bill-form-head">
        <Form.Item name="supplier" label={t('admin.bills.fields.supplier')} rules={[required]}>
          <Select showSearch={{ optionFilterProp: 'label' }} options={suppliers.map((s) => ({ value: s.id, label: s.name }))} onChange={onSupplier} />
        </Form.Item>
        <Form.Item name="invoiceNumber" label={t('admin.bills.fields.invoiceNumber')} extra={t('admin.bills.invoiceNumberHelp')} rules={[{ ...required, whitespace: true }, cleanTextRule(t)]}>
          <Input maxLength={100} autoComplete="off" spellCheck={false} />
        </Form.Item>
        <Form.Item name="date" label={t('admin.bills.fields.date')} rules={[required]}>
          <IsoDatePicker />
        </Form.Item>
        <Form.Item
          name="dueDate"
          label={t('admin.bills.fields.dueDate')}
          extra={
            termsDue && supplier
              ? t('admin.bills.dueDateFromTerms', {
                  date: formatDate(termsDue),
                  count: supplier.paymentTermsDays,
                })
              : t('admin.bills.dueDateHelp')
          }
        >
          <IsoDatePicker />
        </Form.Item>
        {documentType === 'credit_note' && <CreditedBillField supplierId={supplierId} self={bill?.id ?? null} onCurrency={(c) => form.setFieldValue('currency', c)} />}
        <Form.Item
          name="currency"
          label={t('admin.bills.fields.currency')}
          rules={[required]}
          extra={currencyFixed ? t('admin.bills.currency.creditNoteHelp') : currency !== EURO ? t('admin.bills.currency.help', { currency }) : undefined}
        >
          <Select showSearch={{ optionFilterProp: 'label' }} options={currencyOptions} disabled={currencyFixed} data-testid="bill-currency" />
        </Form.Item>
      </div>
      {bill ? (
        <>
          <BillWarnings bill={bill} />
          <BillDocuments bill={bill} editable={bill.status === 'draft'} onChanged={onDocumentsChanged} />
        </>
      ) : (
        <p className="admin-muted">{t('admin.bills.documents.attachAfterSave')}</p>
      )}
      <h3 className="bill-lines-title">{t('admin.bills.lines')}</h3>
      <Form.List name="items">
        {(fields, { add, remove }) => (
          <>
            <ol className="bill-lines">
              {fields.map((field, index) => {
                const line = items[field.name];
                return (
                  <li key={field.key} className="bill-line" data-testid="bill-line">
                    <Form.Item
                      className="bill-line-description"
                      name={[field.name, 'description']}
                      label={t('admin.bills.fields.description')}
                      rules={[{ ...required, whitespace: true }, cleanTextRule(t)]}
                    >
                      <Input maxLength={500} />
                    </Form.Item>
                    <Form.Item className="bill-line-account" name={[field.name, 'account']} label={t('admin.bills.fields.account')} rules={[required]}>
                      <Select showSearch={{ optionFilterProp: 'label' }} options={accountOptions} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'quantity']}
                      label={t('admin.bills.fields.quantity')}
                      rules={[
                        required,
                        {
                          type: 'number',
                          max: MAX_QUANTITY,
                          message: t('admin.validation.maxQuantity', {
                            max: MAX_QUANTITY.toLocaleString('de-DE'),
                          }),
                        },
                      ]}
                    >
                      <InputNumber<number> controls={false} min={0.001} step={1} style={{ width: '100%' }} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'unitPrice']}
                      label={t('admin.bills.fields.unitPrice')}
                      rules={[
                        required,
                        {
                          type: 'number',
                          max: MAX_AMOUNT_CENTS / 100,
                          message: t('admin.validation.maxAmount', {
                            max: formatAmountCents(MAX_AMOUNT_CENTS, currency, language),
                          }),
                        },
                      ]}
                    >
                      <InputNumber<number> controls={false} min={0} step={0.01} precision={2} prefix={symbol} style={{ width: '100%' }} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'vatRate']} label={t('admin.bills.fields.vatRate')} rules={[required]}>
                      <InputNumber<number> controls={false} min={0} max={100} precision={2} suffix="%" style={{ width: '100%' }} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'vatCategory']}
                      label={t('admin.bills.fields.vatCategory')}
                      rules={[required]}
                      extra={line?.vatCategory === 'AE' ? t('admin.bills.reverseChargeHelp') : undefined}
                    >
                      <Select
                        options={BILL_VAT_CATEGORIES.map((c) => ({
                          value: c,
                          label: t(`admin.bills.vatCategories.${c}`),
                        }))}
                        onChange={(c: BillVatCategory) => onCategory(field.name, c)}
                      />
                    </Form.Item>
                    <div className="bill-line-foot">
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined aria-hidden />}
                        onClick={() => remove(field.name)}
                        disabled={fields.length === 1}
                        aria-label={t('admin.bills.removeLine', {
                          n: index + 1,
                        })}
                      >
                        {t('admin.bills.removeLineShort')}
                      </Button>
                    </div>
                  </li>
                );
              })}
            </ol>
            <Button type="dashed" icon={<PlusOutlined aria-hidden />} onClick={() => add(blankLine(supplier))} data-testid="bill-add-line">
              {t('admin.invoices.addLine')}
            </Button>
          </>
        )}
      </Form.List>
      <BillTotals lines={items} currency={currency} />
      <Form.Item name="statedTotal" label={t('admin.bills.fields.statedTotal')} extra={t('admin.bills.statedTotalHelp')} className="bill-stated-total">
        <InputNumber<number> controls={false} min={0} step={0.01} precision={2} prefix={symbol} style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
};
