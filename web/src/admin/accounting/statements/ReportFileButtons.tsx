import { FileExcelOutlined, FilePdfOutlined, FileTextOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { reportFileUrl, type ReportFile } from './exportUrl';

/**
 * PDF, XLSX and CSV of what the screen shows, drawn up by the server with the company, period and
 * time of generation. `csv: false` where the screen writes its own CSV of the table (one CSV button).
 */
export const ReportFileButtons = ({ report, params, disabled, csv = true }: { report: ReportFile; params: Record<string, string | undefined>; disabled?: boolean; csv?: boolean }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return (
    <>
      <Button icon={<FilePdfOutlined aria-hidden />} href={reportFileUrl(report, 'pdf', params, lang)} download disabled={disabled} data-testid="export-pdf">
        {t('admin.accounting.export.pdf')}
      </Button>
      <Button icon={<FileExcelOutlined aria-hidden />} href={reportFileUrl(report, 'xlsx', params, lang)} download disabled={disabled} data-testid="export-xlsx">
        {t('admin.accounting.export.xlsx')}
      </Button>
      {csv && (
        <Button icon={<FileTextOutlined aria-hidden />} href={reportFileUrl(report, 'csv', params, lang)} download disabled={disabled} data-testid="export-file-csv">
          {t('admin.accounting.export.csv')}
        </Button>
      )}
    </>
  );
};
