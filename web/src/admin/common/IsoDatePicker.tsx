import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { DATE_INPUT_FORMATS } from '../../common/dateLocale';

/** A date field whose form value is the wire's 'YYYY-MM-DD' string; `allowClear` false for one that is required (no clear button to miss). */
export const IsoDatePicker = ({
  value,
  onChange,
  id,
  disabled,
  allowClear,
}: {
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  id?: string;
  disabled?: boolean;
  allowClear?: boolean;
}) => (
  <DatePicker
    id={id}
    disabled={disabled}
    allowClear={allowClear}
    format={DATE_INPUT_FORMATS}
    value={value ? dayjs(value) : null}
    onChange={(d) => onChange?.(d ? d.format('YYYY-MM-DD') : undefined)}
    style={{ width: '100%' }}
  />
);
