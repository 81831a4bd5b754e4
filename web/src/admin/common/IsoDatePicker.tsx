import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { DATE_INPUT_FORMATS } from '../../common/dateLocale';

/** A date field whose form value is the wire's 'YYYY-MM-DD' string. */
export const IsoDatePicker = ({ value, onChange, id, disabled }: { value?: string | null; onChange?: (value: string | undefined) => void; id?: string; disabled?: boolean }) => (
  <DatePicker
    id={id}
    disabled={disabled}
    format={DATE_INPUT_FORMATS}
    value={value ? dayjs(value) : null}
    onChange={(d) => onChange?.(d ? d.format('YYYY-MM-DD') : undefined)}
    style={{ width: '100%' }}
  />
);
