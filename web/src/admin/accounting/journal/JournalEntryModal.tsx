import { DatePicker, Form, Input, InputNumber, Modal, Segmented } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_INPUT_FORMATS } from '../../../common/dateLocale';
import { useFeedback } from '../../common/useFeedback';
import { fieldErrorsOf } from '../hooks/graphqlErrors';
import { cleanTextRule } from '../../common/cleanText';
import type { JournalEntryRow } from '../hooks/useJournalEntries';
import { useSaveJournalEntry } from '../hooks/useSaveJournalEntry';
import { eurosToCents } from '../statements/amounts';
import { AccountSelect } from './AccountSelect';
import { draftVat, entryBalance, lineVatInput, type DraftLine } from './balance';
import { MultiLineFields } from './MultiLineFields';

type Mode = 'single' | 'multi';

interface FormValues {
  date?: Dayjs;
  accountId?: string;
  debit?: number | null;
  credit?: number | null;
  description?: string;
  lines?: DraftLine[];
}

const initialValues = (entry: JournalEntryRow | undefined): FormValues => {
  if (!entry) return { date: dayjs(), debit: 0, credit: 0, description: '', lines: [{}, {}] };
  const base = { date: dayjs(entry.date), description: entry.description };
  if (entry.singleLine) return { ...base, accountId: entry.singleLine.accountId, debit: entry.singleLine.debit, credit: entry.singleLine.credit };
  return { ...base, lines: entry.lines.map((l) => ({ accountId: l.accountId, debit: l.debit || null, credit: l.credit || null, ...draftVat(l) })) };
};

/** Server field paths to form paths: `account` is the select, `lines.1.debit` a line's field. */
const formPath = (field: string, mode: Mode): (string | number)[] => {
  if (field === 'account') return ['accountId'];
  const parts = field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  return mode === 'multi' && parts[0] !== 'lines' && field !== 'date' && field !== 'description' ? ['lines'] : parts;
};

/** Create Journal Entry / Edit Journal Entry: the spec's single-line form, or balanced lines. */
export const JournalEntryModal = ({ open, entry, onClose }: { open: boolean; entry?: JournalEntryRow; onClose: () => void }) => {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [form] = Form.useForm<FormValues>();
  const [mode, setMode] = useState<Mode>('single');
  const { saveSingle, saveMulti, saving } = useSaveJournalEntry();
  const lines = (Form.useWatch('lines', form) as DraftLine[] | undefined) ?? [];
  const balanced = entryBalance(lines).balanced;

  useEffect(() => {
    if (!open) return;
    setMode(entry && !entry.singleLine ? 'multi' : 'single');
    form.resetFields();
    form.setFieldsValue(initialValues(entry));
  }, [open, entry, form]);

  const submit = async () => {
    const values = await form.validateFields();
    const date = values.date!.format('YYYY-MM-DD');
    const description = values.description ?? '';
    const existing = entry ? { id: entry.id, version: entry.version } : undefined;
    try {
      if (mode === 'single') {
        await saveSingle({ date, accountId: values.accountId!, debit: values.debit ?? 0, credit: values.credit ?? 0, description }, existing);
      } else {
        if (!entryBalance(values.lines ?? []).balanced) {
          feedback.error(t('admin.accounting.multi.unbalanced'));
          return;
        }
        const posted = (values.lines ?? []).map((l) => ({ accountId: l.accountId!, debit: eurosToCents(l.debit) / 100, credit: eurosToCents(l.credit) / 100, ...lineVatInput(l) }));
        await saveMulti({ date, description, lines: posted }, existing);
      }
      feedback.success(t('admin.accounting.journal.saved'));
      onClose();
    } catch (err) {
      feedback.logged(err, 'Failed to save journal entry');
      const fields = Object.entries(fieldErrorsOf(err)).map(([field, errors]) => ({ name: formPath(field, mode), errors }));
      if (fields.length) form.setFields(fields as Parameters<typeof form.setFields>[0]);
    }
  };

  return (
    <Modal
      open={open}
      title={entry ? t('admin.accounting.journal.editTitle') : t('admin.accounting.journal.createTitle')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('buttons.save')}
      cancelText={t('buttons.cancel')}
      okButtonProps={{ loading: saving, disabled: mode === 'multi' && !balanced, id: 'journal-save' }}
      width={mode === 'multi' ? 760 : 520}
      rootClassName="journal-modal"
      destroyOnHidden
      forceRender
    >
      {!entry && (
        <Segmented<Mode>
          block
          value={mode}
          onChange={(next) => {
            if (next === 'multi' && !(form.getFieldValue('lines') as DraftLine[] | undefined)?.length) form.setFieldValue('lines', [{}, {}]);
            setMode(next);
          }}
          options={[
            { value: 'single', label: t('admin.accounting.multi.modeSingle') },
            { value: 'multi', label: t('admin.accounting.multi.modeMulti') },
          ]}
          className="journal-mode"
          data-testid="journal-mode"
        />
      )}
      <Form form={form} layout="vertical" name="journal-entry" preserve={false}>
        <Form.Item name="date" label={t('admin.accounting.journal.date')} rules={[{ required: true, message: t('admin.accounting.journal.dateRequired') }]}>
          <DatePicker format={DATE_INPUT_FORMATS} style={{ width: '100%' }} />
        </Form.Item>
        {mode === 'single' ? (
          <>
            <Form.Item name="accountId" label={t('admin.accounting.journal.account')} rules={[{ required: true, message: t('admin.accounting.journal.accountRequired') }]}>
              <AccountSelect data-testid="journal-account" />
            </Form.Item>
            <Form.Item name="debit" label={t('admin.accounting.journal.debit')}>
              <InputNumber min={0} step={0.01} precision={2} style={{ width: '100%' }} data-testid="journal-debit" />
            </Form.Item>
            <Form.Item name="credit" label={t('admin.accounting.journal.credit')}>
              <InputNumber min={0} step={0.01} precision={2} style={{ width: '100%' }} data-testid="journal-credit" />
            </Form.Item>
          </>
        ) : (
          <MultiLineFields form={form} />
        )}
        <Form.Item name="description" label={t('admin.accounting.journal.description')} rules={[cleanTextRule(t, 'multi')]}>
          <Input.TextArea rows={3} data-testid="journal-description" />
        </Form.Item>
      </Form>
    </Modal>
  );
};
