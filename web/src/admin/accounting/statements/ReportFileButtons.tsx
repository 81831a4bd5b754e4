import { FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { reportFileUrl, type ReportFile } from './exportUrl';

/** PDF and XLSX of what the screen shows, drawn up by the server with the company, period and time of generation. */
export const ReportFileButtons = ({ report, params, disabled }: { report: ReportFile; params: Record<string, string | undefined>; disabled?: boolean }) => {
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
    </>
  );
};
