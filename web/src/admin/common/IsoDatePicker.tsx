import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { DATE_INPUT_FORMATS } from '../../common/dateLocale';

/**
 * A date field whose form value is the wire's 'YYYY-MM-DD' string; `allowClear` false for one that
 * is required (no clear button to miss); `min` and `max` ('YYYY-MM-DD') the days that may be picked
 * (a period's From not after its To).
 */
export const IsoDatePicker = ({
  value,
  onChange,
  id,
  disabled,
  allowClear,
  min,
  max,
}: {
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  id?: string;
  disabled?: boolean;
  allowClear?: boolean;
  min?: string;
  max?: string;
}) => (
  <DatePicker
    id={id}
    disabled={disabled}
    allowClear={allowClear}
    disabledDate={min || max ? (d) => (min !== undefined && d.format('YYYY-MM-DD') < min) || (max !== undefined && d.format('YYYY-MM-DD') > max) : undefined}
    format={DATE_INPUT_FORMATS}
    value={value ? dayjs(value) : null}
    onChange={(d) => onChange?.(d ? d.format('YYYY-MM-DD') : undefined)}
    style={{ width: '100%' }}
  />
);
