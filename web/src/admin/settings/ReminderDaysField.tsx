import { Form, Select, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { MAX_REMINDER_DAY, MAX_REMINDER_STEPS, MIN_REMINDER_DAY, reminderDaysProblems } from '../../../../domain/billing/reminders';
import { parseReminderDay, reminderDayLabel } from './reminderDays';

/** Days offered in the list; any other whole number can be typed. */
const SUGGESTED = [-7, -3, -1, 0, 1, 3, 7, 14, 30];

const problemText = (t: TFunction) => ({
  notWholeDay: t('admin.settings.reminders.problems.notWholeDay'),
  outOfRange: t('admin.settings.reminders.problems.outOfRange', { min: MIN_REMINDER_DAY, max: MAX_REMINDER_DAY }),
  repeated: t('admin.settings.reminders.problems.repeated'),
  tooMany: t('admin.settings.reminders.problems.tooMany', { max: MAX_REMINDER_STEPS }),
});

/**
 * The payment reminder schedule: days from the due date as tags ("3 days before", "7 days after"),
 * checked by the domain's own rule. The form holds the typed texts; save turns them into numbers.
 */
export const ReminderDaysField = () => {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="reminderDays"
      label={t('admin.settings.reminders.days')}
      extra={t('admin.settings.reminders.help')}
      rules={[
        {
          validator: async (_rule, value: string[] | undefined) => {
            const problems = reminderDaysProblems((value ?? []).map(parseReminderDay));
            if (problems.length > 0) throw new Error(problems.map((p) => problemText(t)[p]).join(' '));
          },
        },
      ]}
    >
      <Select<string[]>
        mode="tags"
        tokenSeparators={[',', ' ', ';']}
        placeholder={t('admin.settings.reminders.none')}
        aria-label={t('admin.settings.reminders.days')}
        options={SUGGESTED.map((d) => ({ value: String(d), label: reminderDayLabel(d, t) }))}
        tagRender={({ value, closable, onClose }) => {
          const days = parseReminderDay(String(value));
          const valid = reminderDaysProblems([days]).length === 0;
          return (
            <Tag closable={closable} onClose={onClose} className={valid ? 'admin-reminder-tag' : 'admin-reminder-tag admin-reminder-tag-invalid'}>
              {valid ? reminderDayLabel(days, t) : String(value)}
            </Tag>
          );
        }}
      />
    </Form.Item>
  );
};
