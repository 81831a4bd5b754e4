import { Alert, Checkbox, Col, Form, Input, Row } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { localToday } from '../../common/format';
import { ClientSelect } from '../common/ClientSelect';
import { FormModal } from '../common/FormModal';
import { IsoDatePicker } from '../common/IsoDatePicker';
import type { InvoiceValues, InvoiceView } from './invoiceTypes';
import { LineItemsEditor, newLine } from './LineItemsEditor';
import { useStandardVatRate } from '../settings/useStandardVatRate';
import { InvoiceItemsTable } from './InvoiceItemsTable';
import { useInvoiceParties } from './useReverseCharge';
import { EURO } from '../../common/format';

interface Props {
  open: boolean;
  invoice: InvoiceView | null;
  saving: boolean;
  onCancel: () => void;
  onSave: (values: InvoiceValues) => void;
}

export const InvoiceFormModal = ({ open, invoice, saving, onCancel, onSave }: Props) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<InvoiceValues>();
  const standardRate = useStandardVatRate();

  const required = [{ required: true, message: t('admin.validation.required') }];
  // An issued invoice is a document of record: only its due date and paid flag may still change.
  const locked = !!invoice?.issued;
  const parties = useInvoiceParties(Form.useWatch('client', form));
  const reverseCharge = parties.reverseCharge;
  // The chosen client's currency (an issued invoice keeps its own): the prices are typed and totalled in it.
  const currency = (locked ? invoice?.currency : parties.currency) ?? invoice?.currency ?? EURO;
  return (
    <FormModal<InvoiceValues>
      open={open}
      // From xl (1200 px) up the line editor's every column fits, its line totals not cut at the scroll box's edge (issue 44 item 2).
      width={{ xs: '100%', md: 860, xl: 1120 }}
      title={t(invoice ? 'admin.invoices.editTitle' : 'admin.invoices.createTitle')}
      saving={saving}
      form={form}
      name="invoice"
      record={invoice}
      values={() => {
        if (invoice) {
          const { client, invoiceNumber, date, dueDate, paid, items } = invoice;
          return {
            client: client.id,
            invoiceNumber,
            date,
            dueDate,
            paid,
            items: items.map(({ description, quantity, unitPrice, vatRate, vatCategory, vatExemptionReason, productId }) => ({
              productId: productId ?? null,
              description,
              quantity,
              unitPrice,
              vatRate,
              // AE is the server's decision from the parties, never typed; S and Z are the rate's own.
              vatCategory: vatCategory === 'E' ? 'E' : null,
              vatExemptionReason: vatCategory === 'E' ? vatExemptionReason : null,
            })),
          };
        }
        const today = localToday();
        return { date: today, dueDate: dayjs(today).add(14, 'day').format('YYYY-MM-DD'), paid: false, items: [newLine(standardRate)] };
      }}
      onCancel={onCancel}
      onSave={onSave}
      banner={
        locked ? (
          <Alert
            type="info"
            showIcon
            // In another currency than the euro: corrected by a credit note too, which is in the invoice's currency.
            title={invoice && invoice.currency !== EURO ? t('admin.invoices.currency.issuedHint', { currency: invoice.currency }) : t('admin.creditNotes.issuedHint')}
            data-testid="issued-hint"
          />
        ) : undefined
      }
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="client" label={t('admin.fields.client')} rules={required}>
            <ClientSelect current={invoice?.client} disabled={locked} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="invoiceNumber" label={t('admin.fields.invoiceNumber')} extra={locked ? undefined : t('admin.invoices.numberHelp')}>
            <Input maxLength={50} placeholder={t('admin.invoices.autoNumber')} disabled={locked} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} md={8}>
          <Form.Item name="date" label={t('admin.fields.date')} rules={required}>
            <IsoDatePicker disabled={locked} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} md={8}>
          <Form.Item name="dueDate" label={t('admin.invoices.dueDate')} rules={required}>
            <IsoDatePicker />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="paid" valuePropName="checked" label=" ">
            <Checkbox disabled={invoice?.paid}>{t('admin.invoices.paid')}</Checkbox>
          </Form.Item>
        </Col>
      </Row>
      {locked && invoice ? (
        <InvoiceItemsTable items={invoice.items} currency={invoice.currency} />
      ) : (
        <>
          {reverseCharge && <Alert type="info" showIcon className="admin-toolbar" title={t('admin.invoices.reverseChargeHint')} data-testid="reverse-charge-hint" />}
          {currency !== EURO && (
            <Alert
              type="info"
              showIcon
              className="admin-toolbar"
              title={t('admin.invoices.currency.editorHint', { currency })}
              data-testid="currency-hint"
            />
          )}
          <LineItemsEditor form={form} reverseCharge={reverseCharge} currency={currency} />
        </>
      )}
    </FormModal>
  );
};
