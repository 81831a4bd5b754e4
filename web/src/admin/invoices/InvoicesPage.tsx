import { SyncOutlined } from '@ant-design/icons';
import { Alert, Button, Tabs } from 'antd';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { NUMBER_TAGS } from '../../common/noWrap';
import { useSearchParams } from 'react-router-dom';
import { formatDate, localToday } from '../../common/format';
import { messageOf } from '../accounting/hooks/graphqlErrors';
import { missingRate } from './invoiceCurrency';
import { useScreenLanguage } from '../../common/useAmount';
import { loadFailureOf } from '../../common/DataState';
import { ResponsiveTable } from '../../common/ResponsiveTable';
import { AdminPage, PageHeader } from '../common/PageHeader';
import { HistoryDrawer } from '../history/HistoryDrawer';
import { confirmed, useFeedback } from '../common/useFeedback';
import { InvoiceFilters, useInvoiceFilters } from './InvoiceFilters';
import { invoiceCard, invoiceColumns } from './invoiceColumns';
import { InvoiceFormModal } from './InvoiceFormModal';
import { InvoiceRowActions } from './InvoiceRowActions';
import type { InvoiceValues, InvoiceView } from './invoiceTypes';
import { useInvoice, useInvoiceCommands, useInvoices, useSaveInvoice } from './useInvoices';
import { CreditNoteModal } from '../creditNotes/CreditNoteModal';
import { RecordPaymentModal } from './RecordPaymentModal';
import { WriteOffModal } from './WriteOffModal';
import { CreditNotesTable } from '../creditNotes/CreditNotesTable';
import { PaymentsDrawer } from '../payments/PaymentsDrawer';
import { MyDataSection } from '../mydata/MyDataSection';

type Editing = { invoice: InvoiceView | null } | null;

export const InvoicesPage = () => {
  const { t } = useTranslation();
  const language = useScreenLanguage();
  const feedback = useFeedback();
  const [filters, setFilters] = useInvoiceFilters();
  const [page, setPage] = useState({ page: 1, pageSize: 25 });
  // ?invoice=<id> (a journal entry's "From invoice" link) shows that invoice alone.
  const [params, setParams] = useSearchParams();
  const focusId = params.get('invoice') ?? undefined;
  const focused = useInvoice(focusId);
  // Only an answer that the invoice is not there says so; a failed request shows its reason and Retry below.
  const focusMissing = !!focused.error && loadFailureOf(focused.error) === 'notFound';
  const { invoices, total, loading, error, refetch } = useInvoices(filters, page, !!focusId);
  const showAll = () => {
    const next = new URLSearchParams(params);
    next.delete('invoice');
    setParams(next, { replace: true });
  };
  const { save, saving } = useSaveInvoice();
  const { remove, generate, generating } = useInvoiceCommands();
  const [editing, setEditing] = useState<Editing>(null);
  const [history, setHistory] = useState<InvoiceView | null>(null);
  const [crediting, setCrediting] = useState<InvoiceView | null>(null);
  const [paying, setPaying] = useState<InvoiceView | null>(null);
  const [writingOff, setWritingOff] = useState<InvoiceView | null>(null);
  const [payments, setPayments] = useState<InvoiceView | null>(null);
  const [tab, setTab] = useState<'invoices' | 'creditNotes'>(params.get('tab') === 'credit-notes' ? 'creditNotes' : 'invoices');

  const onSave = async (values: InvoiceValues) => {
    const creating = !editing?.invoice;
    try {
      await save(editing?.invoice ?? null, values);
      setEditing(null);
      if (creating) feedback.success(t('admin.invoices.issued'));
      else feedback.success(t('admin.invoices.saved'));
    } catch (err) {
      console.error('Failed to save invoice', err);
      // In another currency, an invoice dated before any rate of it: say which rate is missing and where it goes.
      const noRate = missingRate(messageOf(err));
      if (noRate) feedback.error(t('admin.invoices.currency.noRate', { currency: noRate.currency, date: formatDate(noRate.date) }));
      else if (creating) feedback.error(t('admin.invoices.issueFailed'));
      else feedback.logged(err, 'Failed to save invoice');
    }
  };

  const onDelete = async (invoice: InvoiceView) => {
    // An issued invoice is never erased: deleting it cancels it with a full credit note.
    if (!confirmed(t(invoice.issued ? 'admin.creditNotes.confirmCancel' : 'admin.invoices.confirmDelete', { number: invoice.invoiceNumber }))) return;
    try {
      await remove(invoice.id);
      if (invoice.issued) feedback.success(t('admin.creditNotes.cancelled', { number: invoice.invoiceNumber }));
      if (invoice.id === focusId) showAll();
    } catch (err) {
      console.error('Failed to delete invoice', err);
      feedback.error(t('admin.invoices.deleteFailed'));
    }
  };

  const onGenerate = async () => {
    try {
      await generate();
      feedback.success(t('admin.invoices.generationStarted'));
    } catch (err) {
      console.error('Failed to start invoice generation', err);
      feedback.error(t('admin.invoices.generationFailed'));
    }
  };

  const today = localToday();
  const list = { withClient: true, language };
  const rowActions = (i: InvoiceView) => (
    <InvoiceRowActions
      invoice={i}
      sendWording="invoicesPage"
      returnTo="/admin/invoices"
      onEdit={(inv) => setEditing({ invoice: inv })}
      onDelete={(inv) => void onDelete(inv)}
      onHistory={setHistory}
      onCredit={setCrediting}
      onRecordPayment={setPaying}
      onWriteOff={setWritingOff}
      onPayments={setPayments}
    />
  );

  return (
    <AdminPage testId="admin-invoices">
      <PageHeader
        title={t('admin.invoices.title')}
        actions={
          <>
            <Button icon={<SyncOutlined />} loading={generating} onClick={() => void onGenerate()}>
              {t('admin.invoices.generate')}
            </Button>
            <Button type="primary" onClick={() => setEditing({ invoice: null })}>
              {t('admin.invoices.create')}
            </Button>
          </>
        }
      />
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as typeof tab)}
        items={[
          {
            key: 'invoices',
            label: t('admin.invoices.title'),
            children: (
              <>
                <InvoiceFilters
                  value={filters}
                  onChange={(next) => {
                    setFilters(next);
                    setPage((p) => ({ ...p, page: 1 }));
                  }}
                />
                {focusId && (
                  <Alert
                    className="admin-toolbar"
                    type={focused.error ? 'warning' : 'info'}
                    showIcon
                    title={
                      focusMissing
                        ? t('admin.invoices.focusMissing')
                        : focused.error
                          ? t('common.dataState.failed')
                          : focused.invoice
                            ? t('admin.invoices.focused', { number: focused.invoice.invoiceNumber })
                            : t('admin.invoices.focusLoading')
                    }
                    action={
                      <Button size="small" onClick={showAll}>
                        {t('admin.invoices.showAll')}
                      </Button>
                    }
                  />
                )}
                <ResponsiveTable<InvoiceView>
                  label={t('admin.invoices.title')}
                  rowKey="id"
                  size="middle"
                  state={focusId ? { loading: focused.loading, error: focusMissing ? undefined : focused.error, retry: focused.refetch } : { loading, error, retry: refetch }}
                  dataSource={focusId ? (focused.invoice ? [focused.invoice] : []) : invoices}
                  // Narrower than this the table scrolls in its own box; wider, long statuses wrap.
                  scroll={{ x: 960 }}
                  pagination={focusId ? false : {
                    current: page.page,
                    pageSize: page.pageSize,
                    total,
                    showSizeChanger: true,
                    pageSizeOptions: [25, 50, 100],
                    showTotal: (n) => t('admin.invoices.count', { count: n }),
                    onChange: (p, s) => setPage({ page: p, pageSize: s }),
                  }}
                  locale={{ emptyText: t('admin.invoices.empty') }}
                  // A row opens the invoice's history (its actions stop the click from reaching the row).
                  rowClassName="admin-table-row-link"
                  onRow={(i) => ({ onClick: () => setHistory(i) })}
                  card={(i) => invoiceCard(t, today, list, rowActions(i), i)}
                  columns={[
                    ...invoiceColumns(t, today, list),
                    { key: 'actions', title: t('admin.fields.actions'), render: (_, i) => rowActions(i) },
                  ]}
                />
              </>
            ),
          },
          { key: 'creditNotes', label: t('admin.creditNotes.title'), children: <CreditNotesTable /> },
        ]}
      />
      <InvoiceFormModal open={editing !== null} invoice={editing?.invoice ?? null} saving={saving} onCancel={() => setEditing(null)} onSave={(v) => void onSave(v)} />
      <CreditNoteModal invoice={crediting} onClose={() => setCrediting(null)} />
      <RecordPaymentModal invoice={paying} onClose={() => setPaying(null)} />
      <WriteOffModal invoice={writingOff} onClose={() => setWritingOff(null)} />
      <PaymentsDrawer invoice={payments} onClose={() => setPayments(null)} />
      <HistoryDrawer
        kind="invoice"
        id={history?.id}
        title={history ? <Trans t={t} i18nKey="admin.invoices.historyTitle" values={{ number: history.invoiceNumber }} components={NUMBER_TAGS} /> : undefined}
        currency={history?.currency}
        onClose={() => setHistory(null)}
      >
        <MyDataSection documentId={history?.id} />
      </HistoryDrawer>
    </AdminPage>
  );
};
