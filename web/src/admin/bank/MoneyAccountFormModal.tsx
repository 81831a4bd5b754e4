import { Alert, Checkbox, Form, Input, Radio, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { isValidBic, isValidIban } from '../../../../domain/billing/bank';
import { NAME_MAX_LENGTH } from '../../../../domain/bank/money-account';
import { cleanTextRule } from '../common/cleanText';
import { FormModal } from '../common/FormModal';
import type { MoneyAccountValues, MoneyAccountView } from './useMoneyAccounts';

interface Props {
  open: boolean;
  /** The account being edited; null for a new one. */
  account: MoneyAccountView | null;
  saving: boolean;
  /** A refusal of the server that belongs to no field of the dialog. */
  error: string | null;
  onCancel: () => void;
  onSave: (values: MoneyAccountValues) => void;
  /** The form, so the page can put the server's field errors under their fields. */
  form: FormInstance<MoneyAccountValues>;
}

/**
 * A bank account (name, IBAN, BIC, whether bank transfers go to it by default) or a cash box (a
 * name). The kind is chosen once: postings already made say what the account is. The IBAN and BIC
 * are checked here as the server checks them (ibantools), so a typing error is caught at once.
 */
export const MoneyAccountFormModal = ({ open, account, saving, error, onCancel, onSave, form }: Props) => {
  const { t } = useTranslation();
  const kind = Form.useWatch('kind', form) ?? account?.kind ?? 'bank';
  const bank = kind === 'bank';
  return (
    <FormModal<MoneyAccountValues>
      open={open}
      title={account ? t('bank.accounts.editTitle', { name: account.name }) : t('bank.accounts.createTitle')}
      saving={saving}
      form={form}
      name="moneyAccount"
      record={account}
      values={() =>
        account
          ? { name: account.name, kind: account.kind, iban: account.iban ?? '', bic: account.bic ?? '', isDefault: account.isDefault }
          : { name: '', kind: 'bank', iban: '', bic: '', isDefault: false }
      }
      banner={error ? <Alert type="error" showIcon className="bank-form-error" title={error} data-testid="money-account-error" /> : null}
      onCancel={onCancel}
      onSave={onSave}
    >
      {account ? (
        <Form.Item label={t('bank.accounts.kind')}>
          <span data-testid="money-account-kind">{t(`bank.kinds.${account.kind}`)}</span>
        </Form.Item>
      ) : (
        <Form.Item name="kind" label={t('bank.accounts.kind')} extra={t('bank.accounts.kindHelp')}>
          <Radio.Group
            options={[
              { value: 'bank', label: t('bank.kinds.bank') },
              { value: 'cash', label: t('bank.kinds.cash') },
            ]}
          />
        </Form.Item>
      )}
      <Form.Item
        name="name"
        label={t('bank.accounts.name')}
        extra={t('bank.accounts.nameHelp')}
        rules={[{ required: true, whitespace: true, message: t('admin.validation.required') }, cleanTextRule(t)]}
      >
        <Input maxLength={NAME_MAX_LENGTH} autoComplete="off" />
      </Form.Item>
      {bank && (
        <>
          <Form.Item
            name="iban"
            label={t('bank.accounts.iban')}
            rules={[
              { required: true, whitespace: true, message: t('bank.errors.ibanRequired') },
              cleanTextRule(t),
              {
                validator: async (_r, v: string | undefined) => {
                  if (v?.trim() && !isValidIban(v)) throw new Error(t('bank.errors.invalidIban'));
                },
              },
            ]}
          >
            <Input maxLength={50} autoComplete="off" spellCheck={false} placeholder="GR16 0110 1250 0000 0001 2300 695" className="bank-iban-input" />
          </Form.Item>
          <Form.Item
            name="bic"
            label={t('bank.accounts.bic')}
            extra={t('bank.accounts.bicHelp')}
            rules={[
              cleanTextRule(t),
              {
                validator: async (_r, v: string | undefined) => {
                  if (v?.trim() && !isValidBic(v)) throw new Error(t('bank.errors.invalidBic'));
                },
              },
            ]}
          >
            <Input maxLength={20} autoComplete="off" spellCheck={false} />
          </Form.Item>
          <Form.Item name="isDefault" valuePropName="checked" extra={account?.isDefault ? t('bank.accounts.isDefaultFixed') : t('bank.accounts.isDefaultHelp')}>
            <Checkbox disabled={!!account?.isDefault}>{t('bank.accounts.isDefault')}</Checkbox>
          </Form.Item>
        </>
      )}
    </FormModal>
  );
};
