import { Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_TYPES, CASH_FLOW_CLASSES, cashFlowClassError, type AccountType } from '../../../../../domain/accounting/accounts';
import { useFeedback } from '../../common/useFeedback';
import { fieldErrorsOf } from '../hooks/graphqlErrors';
import { cleanTextRule } from '../../common/cleanText';
import { useAccountMutations, type NewAccountValues } from '../hooks/useAccountMutations';

export type AccountModalState = { mode: 'create' } | { mode: 'rename'; id: string; accountName: string } | undefined;

/** Add Account (name, type, cash-flow class, optional code) or Rename Account (name only). */
export const AccountFormModal = ({ state, onClose }: { state: AccountModalState; onClose: () => void }) => {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [form] = Form.useForm<NewAccountValues>();
  const { createAccount, renameAccount, busy } = useAccountMutations();
  const type = Form.useWatch('type', form) as AccountType | undefined;

  useEffect(() => {
    if (!state) return;
    form.resetFields();
    form.setFieldsValue(state.mode === 'rename' ? { accountName: state.accountName } : { type: 'expense', cashFlowClass: 'operating' });
  }, [state, form]);

  const submit = async () => {
    const values = await form.validateFields();
    try {
      if (state?.mode === 'rename') await renameAccount(state.id, values.accountName);
      else await createAccount(values);
      onClose();
    } catch (err) {
      feedback.logged(err, 'Failed to save account');
      const fieldMap: Record<string, keyof NewAccountValues> = { name: 'accountName', accountName: 'accountName', type: 'type', cashFlowClass: 'cashFlowClass', code: 'code' };
      const fields = Object.entries(fieldErrorsOf(err)).flatMap(([f, errors]) => (fieldMap[f] ? [{ name: fieldMap[f], errors }] : []));
      if (fields.length) form.setFields(fields);
    }
  };

  return (
    <Modal
      open={!!state}
      title={state?.mode === 'rename' ? t('admin.accounting.accounts.renameTitle') : t('admin.accounting.accounts.createTitle')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('buttons.save')}
      cancelText={t('buttons.cancel')}
      okButtonProps={{ loading: busy, id: 'account-save' }}
      forceRender
    >
      <Form form={form} layout="vertical" name="account">
        <Form.Item name="accountName" label={t('admin.accounting.accounts.name')} rules={[{ required: true, whitespace: true, message: t('admin.accounting.accounts.nameRequired') }, { max: 100 }, cleanTextRule(t)]}>
          <Input data-testid="account-name" />
        </Form.Item>
        {state?.mode === 'create' && (
          <>
            <Form.Item name="type" label={t('admin.accounting.accounts.type')} rules={[{ required: true }]}>
              <Select
                options={ACCOUNT_TYPES.map((v) => ({ value: v, label: t(`enum.accountType.${v}`) }))}
                onChange={(next: AccountType) => {
                  if (cashFlowClassError(next, form.getFieldValue('cashFlowClass'))) form.setFieldValue('cashFlowClass', 'operating');
                }}
              />
            </Form.Item>
            <Form.Item name="cashFlowClass" label={t('admin.accounting.accounts.cashFlowClass')} rules={[{ required: true }]}>
              <Select options={CASH_FLOW_CLASSES.map((v) => ({ value: v, label: t(`enum.cashFlowClass.${v}`), disabled: !!type && !!cashFlowClassError(type, v) }))} />
            </Form.Item>
            <Form.Item name="code" label={t('admin.accounting.accounts.code')} extra={t('admin.accounting.accounts.codeHelp')} rules={[{ pattern: /^\d{3,8}$/, message: t('admin.accounting.accounts.codeInvalid') }]}>
              <Input inputMode="numeric" />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
};
