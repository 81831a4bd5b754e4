import { TableOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Form, Input, InputNumber, Modal, Radio, Row, Select, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cleanTextRule } from '../common/cleanText';
import { confirmed, useFeedback } from '../common/useFeedback';
import { csvMappingBody, csvMappingRefusal, csvMappingValues, type CsvColumn, type CsvMappingValues } from './csvMappingForm';
import { ruleApi, type CsvMappingView } from './ruleApi';

const DATE_FORMATS: CsvMappingValues['date_format'][] = ['YYYY-MM-DD', 'DD.MM.YYYY', 'DD/MM/YYYY', 'MM/DD/YYYY'];
/** Each format shown with a day written in it, which reads the same in every language. */
const DATE_EXAMPLES: Record<CsvMappingValues['date_format'], string> = { 'YYYY-MM-DD': '2026-03-31', 'DD.MM.YYYY': '31.03.2026', 'DD/MM/YYYY': '31/03/2026', 'MM/DD/YYYY': '03/31/2026' };

/**
 * The bank account's CSV column mapping beside the import: whether one is saved, and the dialog
 * that edits or removes it. A CSV export carries no standard layout, so the import reads it with this.
 */
export const CsvMappingButton = ({ accountId, accountName }: { accountId: string; accountName: string }) => {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [mapping, setMapping] = useState<CsvMappingView | null | undefined>(undefined);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    let live = true;
    setMapping(undefined);
    ruleApi.csvMapping(accountId).then(
      (found) => live && setMapping(found),
      (err: unknown) => {
        if (live) setMapping(null);
        feedback.logged(err, 'Failed to fetch the CSV column mapping');
      },
    );
    return () => {
      live = false;
    };
  }, [accountId, feedback]);

  return (
    <>
      <Button icon={<TableOutlined aria-hidden />} onClick={() => setOpen(true)} disabled={mapping === undefined} data-testid="csv-mapping-open">
        {t('bank.csv.open')}
      </Button>
      {mapping !== undefined && (
        <Tag color={mapping ? 'green' : 'default'} className="bank-csv-state" data-testid="csv-mapping-state">
          {mapping ? t('bank.csv.set') : t('bank.csv.notSet')}
        </Tag>
      )}
      <CsvMappingModal
        open={open}
        accountId={accountId}
        accountName={accountName}
        mapping={mapping ?? null}
        onClose={() => setOpen(false)}
        onSaved={(saved) => {
          setMapping(saved);
          setOpen(false);
        }}
        confirmRemove={() => confirmed(t('bank.csv.confirmRemove', { name: accountName }))}
      />
    </>
  );
};

interface ModalProps {
  open: boolean;
  accountId: string;
  accountName: string;
  mapping: CsvMappingView | null;
  onClose: () => void;
  onSaved: (mapping: CsvMappingView | null) => void;
  confirmRemove: () => boolean;
}

/**
 * How the account's CSV exports are read: the separator, the rows before the first line, the date
 * format and decimal mark, the currency, and which column holds what (its header text, or its
 * number counting from 1). The amount is one signed column, or a debit and a credit column.
 */
export const CsvMappingModal = ({ open, accountId, accountName, mapping, onClose, onSaved, confirmRemove }: ModalProps) => {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [form] = Form.useForm<CsvMappingValues>();
  const [saving, setSaving] = useState<'save' | 'remove' | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const style = Form.useWatch('amount_style', form) ?? 'signed';
  const headerRows = Form.useWatch('header_rows', form);

  useEffect(() => {
    if (!open) return;
    setRefusal(null);
    form.resetFields();
    form.setFieldsValue(csvMappingValues(mapping));
  }, [open, mapping, form]);

  const refused = (err: unknown) => {
    console.warn('CSV column mapping refused', err);
    const { fields, rest } = csvMappingRefusal(err, form.getFieldValue('amount_style') ?? 'signed', t);
    form.setFields(fields);
    setRefusal(rest.length ? rest.join(' ') : null);
  };

  const save = async (values: CsvMappingValues) => {
    setRefusal(null);
    setSaving('save');
    try {
      const saved = await ruleApi.saveCsvMapping(accountId, csvMappingBody(values));
      feedback.success(t('bank.csv.saved', { name: accountName }));
      onSaved(saved);
    } catch (err) {
      refused(err);
    } finally {
      setSaving(null);
    }
  };

  const remove = async () => {
    if (!confirmRemove()) return;
    setRefusal(null);
    setSaving('remove');
    try {
      await ruleApi.saveCsvMapping(accountId, { csv_mapping: null });
      feedback.success(t('bank.csv.removed', { name: accountName }));
      onSaved(null);
    } catch (err) {
      refused(err);
    } finally {
      setSaving(null);
    }
  };

  const column = (c: CsvColumn, required = false) => (
    <Form.Item
      name={['columns', c]}
      label={t(`bank.csv.columns.${c}`)}
      rules={[...(required ? [{ required: true, whitespace: true, message: t('admin.validation.required') }] : []), cleanTextRule(t), { max: 100, message: t('bank.rules.errors.tooLong', { max: 100 }) }]}
    >
      <Input maxLength={100} autoComplete="off" spellCheck={false} />
    </Form.Item>
  );

  return (
    <Modal
      className="admin-modal"
      open={open}
      width={680}
      title={t('bank.csv.title', { name: accountName })}
      onCancel={onClose}
      forceRender
      footer={[
        mapping ? (
          <Button key="remove" danger onClick={() => void remove()} loading={saving === 'remove'} disabled={saving !== null} className="bank-csv-remove" data-testid="csv-mapping-remove">
            {t('bank.csv.remove')}
          </Button>
        ) : null,
        <Button key="cancel" onClick={onClose}>
          {t('buttons.cancel')}
        </Button>,
        <Button key="save" type="primary" onClick={() => form.submit()} loading={saving === 'save'} disabled={saving !== null} data-testid="csv-mapping-save">
          {t('buttons.saveChanges')}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary" className="bank-rule-hint">
        {t('bank.csv.intro')}
      </Typography.Paragraph>
      {refusal && <Alert type="error" showIcon className="bank-form-error" title={refusal} data-testid="csv-mapping-error" />}
      <Form form={form} layout="vertical" name="csvMapping" onFinish={(v) => void save(v)}>
        <fieldset className="bank-rule-section">
          <legend>{t('bank.csv.file')}</legend>
          <Row gutter={12}>
            <Col xs={24} sm={12}>
              <Form.Item name="delimiter" label={t('bank.csv.delimiter')}>
                <Select
                  options={[
                    { value: ',', label: t('bank.csv.delimiters.comma') },
                    { value: ';', label: t('bank.csv.delimiters.semicolon') },
                    { value: '\t', label: t('bank.csv.delimiters.tab') },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="header_rows" label={t('bank.csv.headerRows')} extra={t('bank.csv.headerRowsHelp')} rules={[{ required: true, message: t('admin.validation.required') }]}>
                <InputNumber min={0} max={50} precision={0} className="bank-csv-number" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="date_format" label={t('bank.csv.dateFormat')}>
                <Select options={DATE_FORMATS.map((f) => ({ value: f, label: `${DATE_EXAMPLES[f]} (${f})` }))} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="decimal" label={t('bank.csv.decimal')}>
                <Select
                  options={[
                    { value: '.', label: t('bank.csv.decimals.point') },
                    { value: ',', label: t('bank.csv.decimals.comma') },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                name="currency"
                label={t('bank.csv.currency')}
                extra={t('bank.csv.currencyHelp')}
                rules={[{ pattern: /^\s*[A-Za-z]{3}\s*$/, message: t('bank.csv.errors.currency') }]}
              >
                <Input maxLength={3} placeholder="EUR" autoComplete="off" className="bank-csv-currency" />
              </Form.Item>
            </Col>
          </Row>
        </fieldset>
        <fieldset className="bank-rule-section">
          <legend>{t('bank.csv.columnsTitle')}</legend>
          <Typography.Paragraph type="secondary" className="bank-rule-hint">
            {headerRows === 0 ? t('bank.csv.columnsByNumber') : t('bank.csv.columnsHelp')}
          </Typography.Paragraph>
          <Row gutter={12}>
            <Col xs={24} sm={12}>
              {column('booking_date', true)}
            </Col>
            <Col xs={24} sm={12}>
              {column('value_date')}
            </Col>
            <Col xs={24}>{column('description', true)}</Col>
            <Col xs={24}>
              <Form.Item name="amount_style" label={t('bank.csv.amountStyle')}>
                <Radio.Group
                  className="bank-csv-styles"
                  options={[
                    { value: 'signed', label: t('bank.csv.amountStyles.signed') },
                    { value: 'split', label: t('bank.csv.amountStyles.split') },
                  ]}
                />
              </Form.Item>
            </Col>
            {style === 'signed' ? (
              <Col xs={24} sm={12}>
                {column('amount', true)}
              </Col>
            ) : (
              <>
                <Col xs={24} sm={12}>
                  {column('debit', true)}
                </Col>
                <Col xs={24} sm={12}>
                  {column('credit', true)}
                </Col>
              </>
            )}
            <Col xs={24} sm={12}>
              {column('counterparty_name')}
            </Col>
            <Col xs={24} sm={12}>
              {column('counterparty_iban')}
            </Col>
            <Col xs={24} sm={12}>
              {column('reference')}
            </Col>
            <Col xs={24} sm={12}>
              {column('bank_reference')}
            </Col>
          </Row>
        </fieldset>
      </Form>
    </Modal>
  );
};
