import { FileTextOutlined, FilePdfOutlined, HistoryOutlined } from '@ant-design/icons';
import { Button, Space, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDate, formatEuros } from '../../common/format';
import { ScrollRegion } from '../../common/ScrollRegion';
import { Badge } from '../../shared/billing-badges';
import { HistoryDrawer } from '../history/HistoryDrawer';
import { useReportLoadError } from '../common/useFeedback';
import { useCreditNotes, type CreditNoteView } from './useCreditNotes';

/** Credit notes with their invoice, reason, total and downloads: all of them, or one client's. */
export const CreditNotesTable = ({ clientId }: { clientId?: string }) => {
  const { t } = useTranslation();
  const { creditNotes, loading, error } = useCreditNotes({ clientId });
  useReportLoadError(error, 'Failed to fetch credit notes');
  const [history, setHistory] = useState<CreditNoteView | null>(null);
  return (
    <>
      <ScrollRegion label={t('admin.creditNotes.title')}>
        <Table<CreditNoteView>
          rowKey="id"
          size={clientId ? 'small' : undefined}
          loading={loading}
          dataSource={creditNotes}
          pagination={creditNotes.length > 25 ? { pageSize: 25 } : false}
          locale={{ emptyText: t('admin.creditNotes.empty') }}
          data-testid="credit-notes"
          columns={[
            { key: 'number', title: t('admin.creditNotes.number'), render: (_, n) => n.creditNoteNumber },
            { key: 'date', title: t('admin.fields.date'), render: (_, n) => formatDate(n.date) },
            {
              key: 'invoice',
              title: t('admin.creditNotes.invoice'),
              render: (_, n) => <Link to={`/admin/invoices?invoice=${n.invoice.id}`}>{n.invoice.invoiceNumber}</Link>,
            },
            ...(clientId ? [] : [{ key: 'client', title: t('admin.fields.client'), render: (_: unknown, n: CreditNoteView) => <Link to={`/admin/clients/${n.clientId}`}>{n.clientName}</Link> }]),
            {
              key: 'reason',
              title: t('admin.creditNotes.reason'),
              render: (_, n) => (
                <span>
                  {n.reason} {n.full && <Badge tone="default">{t('admin.creditNotes.fullTag')}</Badge>}
                </span>
              ),
            },
            { key: 'amount', title: t('admin.fields.amount'), align: 'right', render: (_, n) => <span className="admin-amount">{formatEuros(n.totalAmount)}</span> },
            {
              key: 'actions',
              title: t('admin.fields.actions'),
              render: (_, n) => (
                <Space size={4}>
                  <Tooltip title={t('admin.documents.pdf')}>
                    <Button size="small" icon={<FilePdfOutlined />} href={`/api/credit-notes/${n.id}/pdf/`} aria-label={t('admin.documents.pdf')} />
                  </Tooltip>
                  <Tooltip title={t('admin.documents.xml')}>
                    <Button size="small" icon={<FileTextOutlined />} href={`/api/credit-notes/${n.id}/ubl/`} aria-label={t('admin.documents.xml')} />
                  </Tooltip>
                  <Tooltip title={t('admin.invoices.history')}>
                    <Button size="small" icon={<HistoryOutlined />} onClick={() => setHistory(n)} aria-label={t('admin.invoices.history')} />
                  </Tooltip>
                </Space>
              ),
            },
          ]}
        />
      </ScrollRegion>
      <HistoryDrawer
        kind="invoice"
        id={history?.invoice.id}
        title={history ? t('admin.creditNotes.historyTitle', { number: history.creditNoteNumber, invoice: history.invoice.invoiceNumber }) : undefined}
        onClose={() => setHistory(null)}
      />
    </>
  );
};
