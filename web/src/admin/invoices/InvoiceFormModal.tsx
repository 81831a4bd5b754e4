import { Checkbox, Col, Form, Input, Modal, Row } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { localToday } from '../../common/format';
import { ClientSelect } from '../common/ClientSelect';
import { IsoDatePicker } from '../common/IsoDatePicker';
import type { InvoiceValues, InvoiceView } from './invoiceTypes';
import { emptyLine, LineItemsEditor } from './LineItemsEditor';

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

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    const today = localToday();
    form.setFieldsValue(
      invoice
        ? {
            client: invoice.client.id,
            invoiceNumber: invoice.invoiceNumber,
            date: invoice.date,
            dueDate: invoice.dueDate,
            paid: invoice.paid,
            items: invoice.items.map((i) => ({ description: i.description, quantity: i.quantity, unitPrice: i.unitPrice, vatRate: i.vatRate })),
          }
        : { date: today, dueDate: dayjs(today).add(14, 'day').format('YYYY-MM-DD'), paid: false, items: [{ ...emptyLine }] },
    );
  }, [open, invoice, form]);

  const required = [{ required: true, message: t('admin.validation.required') }];
  return (
    <Modal
      className="admin-modal"
      open={open}
      width={{ xs: '100%', md: 860 }}
      title={t(invoice ? 'admin.invoices.editTitle' : 'admin.invoices.createTitle')}
      okText={t('buttons.saveChanges')}
      cancelText={t('buttons.cancel')}
      confirmLoading={saving}
      onCancel={onCancel}
      onOk={() => form.submit()}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={onSave} name="invoice">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="client" label={t('admin.fields.client')} rules={required}>
              <ClientSelect current={invoice?.client} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="invoiceNumber" label={t('admin.fields.invoiceNumber')} extra={t('admin.invoices.numberHelp')}>
              <Input maxLength={50} placeholder={t('admin.invoices.autoNumber')} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={8}>
            <Form.Item name="date" label={t('admin.fields.date')} rules={required}>
              <IsoDatePicker />
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
        <LineItemsEditor form={form} />
      </Form>
    </Modal>
  );
};
