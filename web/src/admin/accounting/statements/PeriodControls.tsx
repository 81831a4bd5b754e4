import { DownloadOutlined } from '@ant-design/icons';
import { Button, DatePicker, Flex, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_INPUT_FORMATS } from '../../../common/dateLocale';
import type { ReportFile } from './exportUrl';
import { ReportFileButtons } from './ReportFileButtons';
import type { Comparison } from './period';

const DAY = 'YYYY-MM-DD';

/**
 * A statement's toolbar: the period (or as-of day), a comparison and the files: the server's PDF and
 * XLSX, and one CSV, the screen's own of what is shown (`onExport`) or else the server's.
 */
export const PeriodControls = ({
  from,
  to,
  asOf,
  onPeriod,
  onAsOf,
  onExport,
  exportDisabled,
  file,
  compare,
  onCompare,
  compareLabels,
  children,
}: {
  from?: string;
  to?: string;
  asOf?: string;
  onPeriod?: (from: string, to: string) => void;
  onAsOf?: (asOf: string) => void;
  /** Writes the screen's own CSV of what is shown; without it the CSV is the server's file. */
  onExport?: () => void;
  exportDisabled?: boolean;
  /** The server's file of this report and the arguments that give what the screen shows. */
  file?: { report: ReportFile; params: Record<string, string | undefined> };
  compare?: Comparison | null;
  onCompare?: (c: Comparison | null) => void;
  /** How this report names the two comparisons (a balance sheet compares with a month or a year earlier). */
  compareLabels?: Record<Comparison, string>;
  children?: React.ReactNode;
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
      {onCompare && (
        <Select<Comparison | 'none'>
          aria-label={t('admin.accounting.compare.label')}
          value={compare ?? 'none'}
          onChange={(v) => onCompare(v === 'none' ? null : v)}
          options={[
            { value: 'none', label: t('admin.accounting.compare.none') },
            { value: 'previous_period', label: compareLabels?.previous_period ?? t('admin.accounting.compare.previousPeriod') },
            { value: 'previous_year', label: compareLabels?.previous_year ?? t('admin.accounting.compare.previousYear') },
          ]}
          popupMatchSelectWidth={false}
          className="compare-select"
          data-testid="compare-select"
        />
      )}
      {children}
      {onExport && (
        <Button icon={<DownloadOutlined aria-hidden />} onClick={onExport} disabled={exportDisabled} data-testid="export-csv">
          {t('admin.accounting.exportCsv')}
        </Button>
      )}
      {file && <ReportFileButtons report={file.report} params={file.params} disabled={exportDisabled} csv={!onExport} />}
    </Flex>
  );
};
