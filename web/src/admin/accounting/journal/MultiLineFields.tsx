import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, InputNumber, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { AccountSelect } from './AccountSelect';
import { BalanceIndicator } from './BalanceIndicator';
import { entryBalance, VAT_CHOICES, type DraftLine } from './balance';

/** The balanced-entry lines: account, debit, credit and VAT tag per line, with the live balance below. */
export const MultiLineFields = ({ form }: { form: FormInstance }) => {
  const { t } = useTranslation();
  const lines = (Form.useWatch('lines', form) as DraftLine[] | undefined) ?? [];
  const balance = entryBalance(lines);
  return (
    <>
      <Form.List name="lines">
        {(fields, { add, remove }) => (
          <div className="journal-lines" data-testid="journal-lines">
            {fields.map((field, index) => (
              <Flex key={field.key} gap={8} wrap align="start" className="journal-line" data-testid={`journal-line-${index}`}>
                <Form.Item name={[field.name, 'accountId']} className="journal-line-account" rules={[{ required: true, message: t('admin.accounting.journal.accountRequired') }]}>
                  <AccountSelect aria-label={t('admin.accounting.multi.lineAccount', { n: index + 1 })} data-testid={`line-account-${index}`} />
                </Form.Item>
                <Form.Item name={[field.name, 'debit']} className="journal-line-amount">
                  <InputNumber min={0} step={0.01} precision={2} placeholder={t('admin.accounting.journal.debit')} aria-label={t('admin.accounting.multi.lineDebit', { n: index + 1 })} data-testid={`line-debit-${index}`} />
                </Form.Item>
                <Form.Item name={[field.name, 'credit']} className="journal-line-amount">
                  <InputNumber min={0} step={0.01} precision={2} placeholder={t('admin.accounting.journal.credit')} aria-label={t('admin.accounting.multi.lineCredit', { n: index + 1 })} data-testid={`line-credit-${index}`} />
                </Form.Item>
                <Form.Item name={[field.name, 'vat']} className="journal-line-vat">
                  <Select
                    aria-label={t('admin.accounting.multi.lineVat', { n: index + 1 })}
                    data-testid={`line-vat-${index}`}
                    placeholder={t('admin.accounting.vat.tag')}
                    options={VAT_CHOICES.map((c) => ({ value: c, label: t(`admin.accounting.vat.choice.${c || 'none'}`) }))}
                  />
                </Form.Item>
                {lines[index]?.vat === 'S' && (
                  <Form.Item name={[field.name, 'vatRate']} className="journal-line-rate" rules={[{ required: true, message: t('admin.accounting.vat.rateRequired') }]}>
                    <InputNumber min={0.01} max={100} step={1} precision={2} suffix="%" placeholder={t('admin.accounting.vat.rate')} aria-label={t('admin.accounting.multi.lineVatRate', { n: index + 1 })} data-testid={`line-vat-rate-${index}`} />
                  </Form.Item>
                )}
                <Button
                  type="text"
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={t('admin.accounting.multi.removeLine', { n: index + 1 })}
                  disabled={fields.length <= 2}
                  onClick={() => remove(field.name)}
                />
              </Flex>
            ))}
            <Button icon={<PlusOutlined aria-hidden />} onClick={() => add({ debit: null, credit: null })} data-testid="add-line">
              {t('admin.accounting.multi.addLine')}
            </Button>
          </div>
        )}
      </Form.List>
      <BalanceIndicator balance={balance} />
    </>
  );
};
