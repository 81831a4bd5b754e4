import { FileTextOutlined, FilePdfOutlined, HistoryOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { NUMBER_TAGS } from '../../common/noWrap';
import { Link } from 'react-router-dom';
import { formatDate } from '../../common/format';
import { useFormatAmount } from '../../common/useAmount';
import { ResponsiveTable } from '../../common/ResponsiveTable';
import { RowActions } from '../../common/RowActions';
import { Badge } from '../../shared/billing-badges';
import { HistoryDrawer } from '../history/HistoryDrawer';
import { MyDataSection } from '../mydata/MyDataSection';
import { useCreditNotes, type CreditNoteView } from './useCreditNotes';

const invoiceLink = (n: CreditNoteView) => <Link to={`/admin/invoices?invoice=${n.invoice.id}`}>{n.invoice.invoiceNumber}</Link>;
const clientLink = (n: CreditNoteView) => <Link to={`/admin/clients/${n.clientId}`}>{n.clientName}</Link>;

/** Credit notes with their invoice, reason, total (in its own currency, its invoice's) and downloads: all of them, or one client's. */
export const CreditNotesTable = ({ clientId }: { clientId?: string }) => {
  const { t } = useTranslation();
  const money = useFormatAmount();
  const { creditNotes, loading, error, refetch } = useCreditNotes({ clientId });
  const [history, setHistory] = useState<CreditNoteView | null>(null);
  // Three icon buttons: narrow enough for the row and a card alike.
  const rowActions = (n: CreditNoteView) => (
    <RowActions
      actions={[
        { key: 'pdf', label: t('admin.documents.pdf'), icon: <FilePdfOutlined />, inline: true, iconOnly: true, href: `/api/credit-notes/${n.id}/pdf/` },
        { key: 'xml', label: t('admin.documents.xml'), icon: <FileTextOutlined />, inline: true, iconOnly: true, href: `/api/credit-notes/${n.id}/ubl/` },
        { key: 'history', label: t('admin.invoices.history'), icon: <HistoryOutlined />, inline: true, iconOnly: true, onClick: () => setHistory(n) },
      ]}
    />
  );
  return (
    <>
      <ResponsiveTable<CreditNoteView>
          label={t('admin.creditNotes.title')}
          rowKey="id"
          size={clientId ? 'small' : undefined}
          state={{ loading, error, retry: refetch }}
          dataSource={creditNotes}
          // Narrower than this the table scrolls in its own box; wider, long names and reasons wrap.
          scroll={{ x: 800 }}
          pagination={creditNotes.length > 25 ? { pageSize: 25 } : false}
          locale={{ emptyText: t('admin.creditNotes.empty') }}
          testId="credit-notes"
          card={(n) => ({
            title: n.creditNoteNumber,
            subtitle: clientId ? undefined : clientLink(n),
            amount: money(n.totalAmount, n.currency),
            status: n.full ? <Badge tone="default">{t('admin.creditNotes.fullTag')}</Badge> : undefined,
            fields: [
              { key: 'date', label: t('admin.fields.date'), value: formatDate(n.date) },
              { key: 'invoice', label: t('admin.creditNotes.invoice'), value: invoiceLink(n) },
              { key: 'reason', label: t('admin.creditNotes.reason'), value: n.reason },
            ],
            actions: rowActions(n),
          })}
          columns={[
            { key: 'number', title: t('admin.creditNotes.number'), render: (_, n) => n.creditNoteNumber },
            { key: 'date', title: t('admin.fields.date'), render: (_, n) => formatDate(n.date) },
            {
              key: 'invoice',
              title: t('admin.creditNotes.invoice'),
              render: (_, n) => invoiceLink(n),
            },
            ...(clientId ? [] : [{ key: 'client', title: t('admin.fields.client'), render: (_: unknown, n: CreditNoteView) => clientLink(n) }]),
            {
              key: 'reason',
              title: t('admin.creditNotes.reason'),
              render: (_, n) => (
                <span>
                  {n.reason} {n.full && <Badge tone="default">{t('admin.creditNotes.fullTag')}</Badge>}
                </span>
              ),
            },
            { key: 'amount', title: t('admin.fields.amount'), align: 'right', render: (_, n) => <span className="admin-amount">{money(n.totalAmount, n.currency)}</span> },
            { key: 'actions', title: t('admin.fields.actions'), render: (_, n) => rowActions(n) },
          ]}
        />
      <HistoryDrawer
        kind="invoice"
        id={history?.invoice.id}
        currency={history?.currency}
        title={history ? <Trans t={t} i18nKey="admin.creditNotes.historyTitle" values={{ number: history.creditNoteNumber, invoice: history.invoice.invoiceNumber }} components={NUMBER_TAGS} /> : undefined}
        onClose={() => setHistory(null)}
      >
        <MyDataSection documentId={history?.id} />
      </HistoryDrawer>
    </>
  );
};
