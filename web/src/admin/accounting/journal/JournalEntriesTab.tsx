import { DeleteOutlined, EditOutlined, HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../common/format';
import { ResponsiveTable, type ListCard } from '../../../common/ResponsiveTable';
import { RowActions } from '../../../common/RowActions';
import { confirmed, useFeedback } from '../../common/useFeedback';
import { HistoryDrawer, type HistoryKind } from '../../history/HistoryDrawer';
import { useDeleteJournalEntry } from '../hooks/useDeleteJournalEntry';
import { useJournalEntries, type JournalEntryRow } from '../hooks/useJournalEntries';
import { eurosToCents } from '../statements/amounts';
import { JournalEntryModal } from './JournalEntryModal';
import { JournalExport } from './JournalExport';
import { SourceLink } from './SourceLink';

const PAGE_SIZE = 20;

/** Single-line entries show their account's side; others their lines' totals (debits equal credits). */
const shown = (e: JournalEntryRow) =>
  e.singleLine
    ? { account: e.singleLine.accountName, debit: eurosToCents(e.singleLine.debit), credit: eurosToCents(e.singleLine.credit) }
    : {
        account: [...new Set(e.lines.map((l) => l.accountName))].join(', '),
        debit: e.lines.reduce((s, l) => s + eurosToCents(l.debit), 0),
        credit: e.lines.reduce((s, l) => s + eurosToCents(l.credit), 0),
      };

/** A single-line entry's other side: its Suspense line (the one not on the chosen account). */
const otherSideOf = (e: JournalEntryRow) => (e.singleLine ? (e.lines.find((l) => l.accountId !== e.singleLine!.accountId) ?? null) : null);

export const JournalEntriesTab = () => {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [current, setCurrent] = useState(1);
  const { entries, total, loading, error, refetch } = useJournalEntries({ offset: (current - 1) * PAGE_SIZE, limit: PAGE_SIZE });
  const { deleteEntry } = useDeleteJournalEntry();
  const [modal, setModal] = useState<{ open: boolean; entry?: JournalEntryRow }>({ open: false });
  const [history, setHistory] = useState<{ kind: HistoryKind; id: string } | undefined>();

  const onDelete = async (entry: JournalEntryRow) => {
    if (!confirmed(t('admin.accounting.journal.confirmDelete'))) return;
    try {
      await deleteEntry(entry.id, entry.version);
    } catch (err) {
      feedback.logged(err, 'Failed to delete journal entry');
    }
  };

  const openHistory = (e: JournalEntryRow) =>
    setHistory(e.source === 'manual' || !e.invoiceId ? { kind: 'journalEntry', id: e.id } : { kind: 'invoice', id: e.invoiceId });

  // Three short actions: all stay in the row, and wrap on a card.
  const rowActions = (e: JournalEntryRow) => (
    <RowActions
      actions={[
        ...(e.editable
          ? [
              { key: 'edit', label: t('buttons.edit'), icon: <EditOutlined aria-hidden />, inline: true, onClick: () => setModal({ open: true, entry: e }) },
              { key: 'delete', label: t('buttons.delete'), icon: <DeleteOutlined aria-hidden />, inline: true, onClick: () => void onDelete(e) },
            ]
          : []),
        { key: 'history', label: t('buttons.history'), icon: <HistoryOutlined aria-hidden />, inline: true, onClick: () => openHistory(e) },
      ]}
    />
  );

  const vatLabel = (l: JournalEntryRow['lines'][number]) =>
    l.vatSettlement ? t('admin.accounting.vat.choice.settlement') : l.vatCategory ? `${t('admin.accounting.vat.tag')} ${l.vatCategory} ${l.vatRate ?? 0} %` : '';

  const lines = (e: JournalEntryRow) => (
    <table className="journal-expanded">
      <thead>
        <tr>
          <th scope="col">{t('admin.accounting.journal.account')}</th>
          <th scope="col" className="admin-amount">{t('admin.accounting.journal.debit')}</th>
          <th scope="col" className="admin-amount">{t('admin.accounting.journal.credit')}</th>
        </tr>
      </thead>
      <tbody>
        {e.lines.map((l, i) => (
          <tr key={i}>
            <td>
              {l.accountName}
              {vatLabel(l) && <span className="admin-muted journal-vat-tag"> · {vatLabel(l)}</span>}
            </td>
            <td className="admin-amount">{l.debit ? formatMoney(eurosToCents(l.debit)) : ''}</td>
            <td className="admin-amount">{l.credit ? formatMoney(eurosToCents(l.credit)) : ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );

  /** The other side in words ('Suspense, credit 12,50 €'): the spec's columns show the chosen account's side, this the rest of the entry. */
  const otherSide = (e: JournalEntryRow) => {
    const l = otherSideOf(e);
    if (!l) return null;
    const debit = eurosToCents(l.debit);
    return t(debit ? 'admin.accounting.journal.otherSideDebit' : 'admin.accounting.journal.otherSideCredit', { account: l.accountName, amount: formatMoney(debit || eurosToCents(l.credit)) });
  };

  const card = (e: JournalEntryRow): ListCard => {
    const s = shown(e);
    const other = otherSide(e);
    return {
      title: e.description || s.account,
      subtitle: formatDate(e.date),
      amount: formatMoney(Math.max(s.debit, s.credit)),
      status: <SourceLink source={e.source} invoiceId={e.invoiceId} />,
      fields: e.singleLine
        ? [
            { key: 'account', label: t('admin.accounting.journal.account'), value: s.account },
            { key: 'side', label: t(s.debit ? 'admin.accounting.journal.debit' : 'admin.accounting.journal.credit'), value: formatMoney(s.debit || s.credit) },
            ...(other ? [{ key: 'otherSide', label: t('admin.accounting.journal.otherSide'), value: other }] : []),
          ]
        : [],
      details: e.singleLine ? undefined : lines(e),
      actions: rowActions(e),
    };
  };

  const columns: TableColumnsType<JournalEntryRow> = [
    { key: 'date', title: t('admin.accounting.journal.date'), dataIndex: 'date', render: (d: string) => formatDate(d), width: 150 },
    {
      key: 'account',
      title: t('admin.accounting.journal.account'),
      render: (_, e) => (
        <Flex vertical gap={4} align="start">
          <span>{shown(e).account}</span>
          {otherSideOf(e) && (
            <span className="admin-muted" data-testid="journal-other-side">
              {t('admin.accounting.journal.otherSide')}: {otherSide(e)}
            </span>
          )}
          <SourceLink source={e.source} invoiceId={e.invoiceId} />
        </Flex>
      ),
    },
    { key: 'debit', title: t('admin.accounting.journal.debit'), align: 'right', render: (_, e) => <span className="admin-amount">{formatMoney(shown(e).debit)}</span> },
    { key: 'credit', title: t('admin.accounting.journal.credit'), align: 'right', render: (_, e) => <span className="admin-amount">{formatMoney(shown(e).credit)}</span> },
    { key: 'description', title: t('admin.accounting.journal.description'), dataIndex: 'description' },
    { key: 'actions', title: t('admin.accounting.journal.actions'), render: (_, e) => rowActions(e) },
  ];

  return (
    <section data-testid="journal-entries">
      <Flex justify="space-between" align="center" wrap gap={8} className="admin-toolbar">
        <Typography.Title level={2} className="statement-title">
          {t('admin.accounting.tabs.journalEntries')}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setModal({ open: true })} data-testid="create-entry">
          {t('admin.accounting.journal.create')}
        </Button>
      </Flex>
      <JournalExport />
      <ResponsiveTable<JournalEntryRow>
        label={t('admin.accounting.tabs.journalEntries')}
        rowKey="id"
        size="middle"
        columns={columns}
        // A page that failed shows why, not the page before it.
        dataSource={error ? [] : entries}
        state={{ loading, error, retry: refetch }}
        scroll={{ x: 860 }}
        pagination={{ current, pageSize: PAGE_SIZE, total, onChange: setCurrent, showSizeChanger: false }}
        expandable={{ rowExpandable: (e) => !e.singleLine, expandedRowRender: lines }}
        locale={{ emptyText: t('admin.accounting.journal.empty') }}
        card={card}
      />
      <JournalEntryModal open={modal.open} entry={modal.entry} onClose={() => setModal({ open: false })} />
      <HistoryDrawer kind={history?.kind ?? 'journalEntry'} id={history?.id} onClose={() => setHistory(undefined)} />
    </section>
  );
};
