import { DatePicker } from 'antd';
import dayjs from 'dayjs';

/** Shown as the spec's 'dd / MMMM / yyyy'; typing also accepts 31/12/2026 and 2026-12-31. */
const FORMATS = ['DD / MMMM / YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD'];

/** A date field whose form value is the wire's 'YYYY-MM-DD' string. */
export const IsoDatePicker = ({ value, onChange, id, disabled }: { value?: string | null; onChange?: (value: string | undefined) => void; id?: string; disabled?: boolean }) => (
  <DatePicker
    id={id}
    disabled={disabled}
    format={FORMATS}
    value={value ? dayjs(value) : null}
    onChange={(d) => onChange?.(d ? d.format('YYYY-MM-DD') : undefined)}
    style={{ width: '100%' }}
  />
);
