import { Alert, Checkbox, Form, Input, Modal, Radio } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { NUMBER_TAGS } from '../../common/noWrap';
import { formatQuantity } from '../../common/format';
import { useFormatAmount } from '../../common/useAmount';
import { IsoDatePicker } from '../common/IsoDatePicker';
import { useFeedback } from '../common/useFeedback';
import { refusalText } from '../accounting/hooks/graphqlErrors';
import { cleanTextRule } from '../common/cleanText';
import type { InvoiceItemView, InvoiceView } from '../invoices/invoiceTypes';
import { LineItemsEditor, type VatChoice } from '../invoices/LineItemsEditor';
import { useIssueCreditNote, type CreditNoteValues } from './useCreditNotes';

/** A line's VAT as the invoice charged it (lines written before categories: S or Z by their rate). */
const choiceOf = (item: InvoiceItemView): Required<VatChoice> => {
  const vatCategory = item.vatCategory ?? (item.vatRate > 0 ? 'S' : 'Z');
  return { vatRate: vatCategory === 'AE' ? 0 : item.vatRate, vatCategory, exemptionReason: vatCategory === 'E' ? (item.vatExemptionReason ?? null) : null };
};

/** The rates and categories the invoice charged, each once, in the order of its lines: all a credit note may credit. */
export const vatChoicesOf = (items: InvoiceItemView[]): VatChoice[] => {
  const seen = new Map<string, VatChoice>();
  for (const item of items) {
    const c = choiceOf(item);
    const key = `${c.vatCategory}|${c.vatRate}`;
    if (!seen.has(key)) seen.set(key, c);
  }
  return [...seen.values()];
};

/** A line of the credit note, and which of the invoice's lines it was taken from (none: typed in). */
type CreditLine = CreditNoteValues['items'][number] & { source?: number };

/** The invoice's line as a credit note line: as the invoice charged it (rate and category: reverse charge, exempt, ...). */
const creditLineOf = (item: InvoiceItemView, source: number): CreditLine => ({
  // The product it sold: the credit note's line is classified in myDATA as the invoice's was.
  productId: item.productId ?? null,
  description: item.description,
  quantity: item.quantity,
  unitPrice: item.unitPrice,
  ...choiceOf(item),
  source,
});

/**
 * Issue credit note: chosen lines (the default: nothing is credited until a line of the invoice
 * is picked, then its quantity or price may be lowered) or the whole remaining amount, which
 * cancels the invoice and is never preselected; with a reason. Chosen lines offer only the
 * invoice's VAT rates and categories. Its amounts are in the invoice's currency (a credit note of an
 * invoice in another currency than the euro is in that currency, at the invoice's rate). The
 * server's refusal (over-crediting, in all or at a rate; a date before the invoice) shows in the
 * modal, which stays open.
 */
export const CreditNoteModal = ({ invoice, onClose }: { invoice: InvoiceView | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const money = useFormatAmount();
  const [form] = Form.useForm<CreditNoteValues>();
  const { issue, issuing } = useIssueCreditNote();
  const [error, setError] = useState<string | null>(null);
  const scope = Form.useWatch('scope', form);
  // Only what the invoice charged can be credited (the server refuses any other rate or category).
  const vatChoices = useMemo(() => vatChoicesOf(invoice?.items ?? []), [invoice]);

  useEffect(() => {
    if (!invoice) return;
    setError(null);
    form.resetFields();
    form.setFieldsValue({ scope: 'lines', reason: '', items: [] });
  }, [invoice, form]);
  // `source` is no field of the line editor's: watched with the values no field holds.
  const lines = (Form.useWatch('items', { form, preserve: true }) ?? []) as CreditLine[];
  const pick = (source: number, on: boolean) => {
    const current = (form.getFieldValue('items') ?? []) as CreditLine[];
    form.setFieldValue('items', on ? [...current, creditLineOf(invoice!.items[source]!, source)] : current.filter((l) => l.source !== source));
  };

  const submit = async (values: CreditNoteValues) => {
    if (!invoice) return;
    setError(null);
    if (values.scope === 'lines' && !values.items?.length) {
      setError(t('admin.creditNotes.noLines'));
      return;
    }
    try {
      const res = await issue(invoice.id, values);
      feedback.success(t('admin.creditNotes.issued', { number: res.data?.issueCreditNote.creditNoteNumber ?? '' }));
      onClose();
    } catch (err) {
      // A refusal (over-crediting, a date before the invoice) is the user's to read, in the modal; its amounts in the invoice's currency.
      setError(refusalText(err, (amount) => money(amount, invoice.currency)));
    }
  };

  return (
    <Modal
      className="admin-modal"
      open={!!invoice}
      // As wide as the invoice editor: from 1200 px its line table fits whole (at 860 px the line total and Remove scrolled out of sight).
      width={{ xs: '100%', md: 860, xl: 1120 }}
      title={invoice ? <Trans t={t} i18nKey="admin.creditNotes.issueTitle" values={{ number: invoice.invoiceNumber }} components={NUMBER_TAGS} /> : ''}
      okText={t('admin.creditNotes.issue')}
      cancelText={t('buttons.cancel')}
      confirmLoading={issuing}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {invoice && (
        <p className="admin-muted" data-testid="creditable">
          {t('admin.creditNotes.creditable', { amount: money(Math.max(0, invoice.totalAmount - invoice.creditedAmount), invoice.currency) })}
        </p>
      )}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="credit-note-error" />}
      <Form<CreditNoteValues> form={form} name="creditNote" layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item name="reason" label={t('admin.creditNotes.reason')} rules={[{ required: true, whitespace: true, message: t('admin.validation.required') }, cleanTextRule(t)]}>
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item name="date" label={t('admin.creditNotes.date')} extra={t('admin.creditNotes.dateHelp')}>
          <IsoDatePicker />
        </Form.Item>
        <Form.Item name="scope" label={t('admin.creditNotes.scope')}>
          <Radio.Group
            options={[
              { value: 'lines', label: t('admin.creditNotes.lines') },
              { value: 'full', label: t('admin.creditNotes.full') },
            ]}
          />
        </Form.Item>
        {scope === 'lines' && invoice && (
          <>
            <fieldset className="credit-note-pick" data-testid="credit-note-pick">
              <legend>{t('admin.creditNotes.pickLines')}</legend>
              {invoice.items.map((item, i) => (
                <Checkbox key={i} checked={lines.some((l) => l.source === i)} onChange={(e) => pick(i, e.target.checked)}>
                  {t('admin.creditNotes.pickLine', { description: item.description, quantity: formatQuantity(item.quantity), price: money(item.unitPrice, invoice.currency) })}
                </Checkbox>
              ))}
            </fieldset>
            <LineItemsEditor form={form} reverseCharge={invoice.reverseCharge} currency={invoice.currency} vatChoices={vatChoices} />
          </>
        )}
      </Form>
    </Modal>
  );
};
