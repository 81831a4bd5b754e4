import { FileExcelOutlined, FileTextOutlined } from '@ant-design/icons';
import { Button, DatePicker, Flex, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_INPUT_FORMATS } from '../../../common/dateLocale';
import { journalExportUrl } from '../statements/exportUrl';

const DAY = 'YYYY-MM-DD';

/** The auditors' journal: every ledger line of a period with its entry, document, event id, author and time. */
export const JournalExport = () => {
  const { t, i18n } = useTranslation();
  const [[from, to], setRange] = useState<[string, string]>([dayjs().startOf('year').format(DAY), dayjs().endOf('year').format(DAY)]);
  const lang = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return (
    <Flex wrap gap={8} align="center" className="admin-toolbar" data-testid="journal-export">
      <Typography.Text strong>{t('admin.accounting.export.journal')}</Typography.Text>
      <DatePicker.RangePicker
        aria-label={t('admin.accounting.period.label')}
        value={[dayjs(from), dayjs(to)]}
        allowClear={false}
        format={DATE_INPUT_FORMATS}
        onChange={(r) => r?.[0] && r[1] && setRange([r[0].format(DAY), r[1].format(DAY)])}
        placeholder={[t('admin.accounting.period.from'), t('admin.accounting.period.to')]}
      />
      <Button icon={<FileTextOutlined aria-hidden />} href={journalExportUrl('csv', from, to, lang)} download data-testid="journal-export-csv">
        {t('admin.accounting.export.csv')}
      </Button>
      <Button icon={<FileExcelOutlined aria-hidden />} href={journalExportUrl('xlsx', from, to, lang)} download data-testid="journal-export-xlsx">
        {t('admin.accounting.export.xlsx')}
      </Button>
    </Flex>
  );
};
