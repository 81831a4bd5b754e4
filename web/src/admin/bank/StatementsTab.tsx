import { WarningOutlined } from '@ant-design/icons';
import { Flex, Segmented, Tag, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIban } from '../../../../domain/billing/bank';
import { formatDate, formatEuros } from '../../common/format';
import { ResponsiveTable } from '../../common/ResponsiveTable';
import { RowActions } from '../../common/RowActions';
import { confirmed, errorText, useFeedback, useReportLoadError } from '../common/useFeedback';
import { ReconcilePanel } from './ReconcilePanel';
import { summaryItems, type SummaryItem } from './reconcileParts';
import { StatementImport } from './StatementImport';
import { statementApi, type ChartAccount, type LineStatus, type StatementLineView, type StatementView } from './statementApi';
import { BankAccountSelect, useBankAccountChoice } from './BankAccountSelect';
import { CsvMappingButton } from './CsvMapping';

const PAGE_SIZE = 20;
type Filter = LineStatus | 'all';

/** A signed amount as the bank sees it: money in green, money out with its minus. */
const Amount = ({ euros }: { euros: number }) => <span className={`admin-amount ${euros < 0 ? 'bank-amount-out' : 'bank-amount-in'}`}>{formatEuros(euros)}</span>;

/**
 * A bank account's statements: import a file, see what was imported, and go through its lines,
 * open or reconciled, reconciling each in the panel (the next open line follows) or undoing one.
 */
export const StatementsTab = () => {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const { accounts, banks, accountId, choose: setChosen, loading: accountsLoading } = useBankAccountChoice();

  const [statements, setStatements] = useState<StatementView[]>([]);
  const [lines, setLines] = useState<StatementLineView[]>([]);
  const [total, setTotal] = useState(0);
  const [filter, setFilter] = useState<Filter>('open');
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<unknown>(null);
  useReportLoadError(loadError, 'Failed to fetch bank statements');
  const [chart, setChart] = useState<ChartAccount[]>([]);
  const [editing, setEditing] = useState<StatementLineView | null>(null);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  /** The numbers of the invoices reconciled lines paid (the reconciliation keeps only their ids). */
  const [invoiceNumbers, setInvoiceNumbers] = useState<Record<string, string>>({});

  useEffect(() => {
    statementApi.chart().then(setChart, (err: unknown) => setLoadError(err));
  }, []);

  useEffect(() => {
    if (!accountId) return;
    let live = true;
    setLoading(true);
    Promise.all([statementApi.statements(accountId), statementApi.lines(accountId, filter, PAGE_SIZE, (page - 1) * PAGE_SIZE)]).then(
      ([found, { items, total: count }]) => {
        if (!live) return;
        setStatements(found);
        setLines(items);
        setTotal(count);
        setLoading(false);
      },
      (err: unknown) => {
        if (!live) return;
        setLoadError(err);
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [accountId, filter, page, version]);

  useEffect(() => {
    const wanted = new Set(
      lines.flatMap((l) => summaryItems(l.reconciliation?.parts ?? []).flatMap((p) => (p.kind === 'invoice' && !(p.id in invoiceNumbers) ? [p.id] : []))),
    );
    if (wanted.size === 0) return;
    let live = true;
    Promise.all(
      [...wanted].map((id) =>
        statementApi.invoice(id).then(
          (inv): [string, string] => [id, inv.invoice_number ?? '—'],
          (err: unknown): [string, string] => {
            console.warn('An invoice of a reconciled line failed to load', err);
            return [id, '—'];
          },
        ),
      ),
    ).then((found) => live && setInvoiceNumbers((known) => ({ ...known, ...Object.fromEntries(found) })));
    return () => {
      live = false;
    };
  }, [lines, invoiceNumbers]);

  const chooseAccount = (id: string) => {
    setChosen(id);
    setPage(1);
    setEditing(null);
  };

  // Saved: the list follows, and the next open line of this page (else the first before it) opens.
  const onSaved = (saved: StatementLineView) => {
    feedback.success(t('bank.reconcile.saved'));
    const at = lines.findIndex((l) => l.id === saved.id);
    const open = (l: StatementLineView) => l.status === 'open' && l.id !== saved.id;
    const next = lines.slice(at + 1).find(open) ?? lines.slice(0, Math.max(at, 0)).find(open) ?? null;
    setEditing(next);
    reload();
  };

  const undo = async (line: StatementLineView) => {
    if (!accountId || !confirmed(t('bank.statements.confirmUndo', { amount: formatEuros(line.amount), date: formatDate(line.booking_date) }))) return;
    try {
      await statementApi.unreconcile(accountId, line.id);
      feedback.success(t('bank.statements.undone'));
      reload();
    } catch (err) {
      console.warn('Undo refused', err);
      feedback.error(errorText(err));
    }
  };

  const range = (s: StatementView) => {
    const from = s.first_booking_date ?? s.opening_balance?.date;
    const to = s.last_booking_date ?? s.closing_balance?.date;
    return from && to ? `${formatDate(from)} – ${formatDate(to)}` : '—';
  };
  const balances = (s: StatementView) => (
    <span className="bank-balances">
      {s.opening_balance ? formatEuros(s.opening_balance.amount) : '—'} → {s.closing_balance ? formatEuros(s.closing_balance.amount) : '—'}
    </span>
  );
  const gap = (s: StatementView) =>
    s.opening_gap === null ? null : (
      <Tooltip title={t('bank.statements.gapMark', { amount: formatEuros(s.opening_gap) })}>
        <Tag color="warning" icon={<WarningOutlined aria-hidden />} data-testid="opening-gap-mark">
          {t('bank.statements.gap')}
        </Tag>
      </Tooltip>
    );

  const description = (l: StatementLineView) => (
    <div className="bank-line-text">
      <span>{l.description || '—'}</span>
      {(l.counterparty_name || l.counterparty_iban) && (
        <span className="bank-line-sub">{[l.counterparty_name, l.counterparty_iban ? formatIban(l.counterparty_iban) : null].filter(Boolean).join(' · ')}</span>
      )}
      {l.reference && <span className="bank-line-sub">{l.reference}</span>}
      {summary(l)}
    </div>
  );
  const summaryText = (item: SummaryItem): string => {
    if (item.kind === 'invoice') return invoiceNumbers[item.id] ?? '…';
    if (item.kind === 'account') return item.code;
    return t(`bank.statements.summary.${item.kind}`);
  };
  /** What a reconciled line was: its invoices' numbers, account codes, a transfer, a movement. */
  const summary = (l: StatementLineView) => {
    const items = summaryItems(l.reconciliation?.parts ?? []);
    return items.length === 0 ? null : (
      <span className="bank-line-sub bank-line-summary" data-testid="line-summary">
        {t('bank.statements.summary.label', { parts: items.map(summaryText).join(', ') })}
      </span>
    );
  };
  const status = (l: StatementLineView) => <Tag color={l.status === 'open' ? 'gold' : 'green'}>{t(`bank.statements.status.${l.status}`)}</Tag>;
  const actions = (l: StatementLineView) => (
    <RowActions
      actions={
        l.status === 'open'
          ? [{ key: 'reconcile', label: t('bank.statements.reconcile'), inline: true, primary: true, onClick: () => setEditing(l) }]
          : [{ key: 'undo', label: t('bank.statements.undo'), inline: true, onClick: () => void undo(l) }]
      }
    />
  );

  if (!accountsLoading && banks.length === 0) return <Typography.Paragraph>{t('bank.statements.noBankAccount')}</Typography.Paragraph>;

  return (
    <section data-testid="bank-statements" className="bank-statements">
      <Flex align="center" gap={8} wrap className="admin-toolbar">
        <BankAccountSelect id="bank-statement-account" banks={banks} value={accountId} onChange={chooseAccount} loading={accountsLoading} />
        {/* How this account's CSV exports are read, beside the import that reads them. */}
        {accountId && <CsvMappingButton key={accountId} accountId={accountId} accountName={banks.find((a) => a.id === accountId)?.name ?? ''} />}
      </Flex>
      {accountId && <StatementImport key={accountId} accountId={accountId} onImported={reload} />}

      <Typography.Title level={3} className="bank-section-title">
        {t('bank.statements.imported')}
      </Typography.Title>
      <ResponsiveTable<StatementView>
        label={t('bank.statements.imported')}
        testId="statements-list"
        rowKey="id"
        loading={loading}
        dataSource={statements}
        pagination={false}
        locale={{ emptyText: t('bank.statements.noStatements') }}
        card={(s) => ({
          title: range(s),
          subtitle: s.file_name,
          amount: balances(s),
          status: gap(s),
          fields: [{ key: 'added', label: t('bank.statements.linesAdded'), value: s.lines_added }],
        })}
        columns={[
          { key: 'range', title: t('bank.statements.period'), render: (_, s) => range(s) },
          { key: 'balances', title: t('bank.statements.balances'), render: (_, s) => balances(s) },
          { key: 'added', title: t('bank.statements.linesAdded'), align: 'right', render: (_, s) => s.lines_added },
          { key: 'file', title: t('bank.statements.file'), render: (_, s) => <span className="bank-file-name">{s.file_name}</span> },
          { key: 'gap', title: t('bank.statements.warnings'), render: (_, s) => gap(s) },
        ]}
      />

      <Flex justify="space-between" align="center" wrap gap={8} className="bank-lines-head">
        <Typography.Title level={3} className="bank-section-title">
          {t('bank.statements.lines')}
        </Typography.Title>
        <Segmented<Filter>
          value={filter}
          onChange={(v) => {
            setFilter(v);
            setPage(1);
          }}
          options={[
            { value: 'open', label: t('bank.statements.filter.open') },
            { value: 'reconciled', label: t('bank.statements.filter.reconciled') },
            { value: 'all', label: t('bank.statements.filter.all') },
          ]}
          data-testid="line-filter"
        />
      </Flex>
      <ResponsiveTable<StatementLineView>
        label={t('bank.statements.lines')}
        testId="statement-lines"
        rowKey="id"
        loading={loading}
        dataSource={lines}
        pagination={{ current: page, pageSize: PAGE_SIZE, total, onChange: setPage, showSizeChanger: false }}
        locale={{ emptyText: t(`bank.statements.noLines.${filter}`) }}
        card={(l) => ({
          title: l.description || '—',
          subtitle: formatDate(l.booking_date),
          amount: <Amount euros={l.amount} />,
          status: status(l),
          details: (l.counterparty_name || l.counterparty_iban || l.reference || l.reconciliation) && (
            <div className="bank-line-card-details">
              {(l.counterparty_name || l.counterparty_iban) && <span className="bank-line-sub">{[l.counterparty_name, l.counterparty_iban ? formatIban(l.counterparty_iban) : null].filter(Boolean).join(' · ')}</span>}
              {l.reference && <span className="bank-line-sub">{l.reference}</span>}
              {summary(l)}
            </div>
          ),
          actions: actions(l),
        })}
        columns={[
          { key: 'date', title: t('bank.statements.bookingDate'), width: 150, render: (_, l) => formatDate(l.booking_date) },
          { key: 'description', title: t('bank.statements.description'), render: (_, l) => description(l) },
          { key: 'amount', title: t('bank.statements.amount'), align: 'right', width: 130, render: (_, l) => <Amount euros={l.amount} /> },
          { key: 'status', title: t('bank.statements.statusTitle'), width: 130, render: (_, l) => status(l) },
          { key: 'actions', title: t('admin.fields.actions'), width: 150, render: (_, l) => actions(l) },
        ]}
      />
      {accountId && (
        <ReconcilePanel
          accountId={accountId}
          line={editing}
          moneyAccounts={accounts.map((a) => ({ id: a.id, name: a.name, kind: a.kind }))}
          chart={chart}
          onClose={() => setEditing(null)}
          onSaved={onSaved}
        />
      )}
    </section>
  );
};
