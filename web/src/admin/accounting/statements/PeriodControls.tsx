import { DownloadOutlined } from '@ant-design/icons';
import { Button, DatePicker, Flex } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_INPUT_FORMATS } from '../../../common/dateLocale';

const DAY = 'YYYY-MM-DD';

/** A statement's toolbar: the period (or as-of day) and the CSV export of what is shown. */
export const PeriodControls = ({
  from,
  to,
  asOf,
  onPeriod,
  onAsOf,
  onExport,
  exportDisabled,
}: {
  from?: string;
  to?: string;
  asOf?: string;
  onPeriod?: (from: string, to: string) => void;
  onAsOf?: (asOf: string) => void;
  onExport: () => void;
  exportDisabled?: boolean;
}) => {
  const { t } = useTranslation();
  return (
    <Flex wrap gap={8} align="center" className="admin-toolbar">
      {onPeriod && from && to && (
        <DatePicker.RangePicker
          aria-label={t('admin.accounting.period.label')}
          value={[dayjs(from), dayjs(to)]}
          allowClear={false}
          format={DATE_INPUT_FORMATS}
          onChange={(range) => range?.[0] && range[1] && onPeriod(range[0].format(DAY), range[1].format(DAY))}
          placeholder={[t('admin.accounting.period.from'), t('admin.accounting.period.to')]}
          data-testid="period-picker"
        />
      )}
      {onAsOf && asOf && (
        <label className="admin-inline-field">
          <span>{t('admin.accounting.period.asOf')}</span>
          <DatePicker value={dayjs(asOf)} allowClear={false} format={DATE_INPUT_FORMATS} onChange={(d) => d && onAsOf(d.format(DAY))} data-testid="as-of-picker" />
        </label>
      )}
      <Button icon={<DownloadOutlined aria-hidden />} onClick={onExport} disabled={exportDisabled} data-testid="export-csv">
        {t('admin.accounting.exportCsv')}
      </Button>
    </Flex>
  );
};
