import { PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EURO, formatDate, formatEuros, localToday } from '../../common/format';
import { useFormatAmount } from '../../common/useAmount';
import { ResponsiveTable } from '../../common/ResponsiveTable';
import { RowActions, type RowAction } from '../../common/RowActions';
import { Badge } from '../../shared/billing-badges';
import { AdminPage, PageHeader } from '../common/PageHeader';
import { confirmed, useFeedback } from '../common/useFeedback';
import { usePurchaseAccounts, useSuppliers } from '../suppliers/useSuppliers';
import { BILL_STATUSES, billApi, type BillStatus, type BillView } from './billApi';
import { actionRefusalText, billRefusal } from './billErrors';
import { BillDrawer } from './BillDrawer';
import { BillFormModal } from './BillFormModal';
import { billFormTotals, bodyOf, type BillValues } from './billForm';
import { BillPaymentModal } from './BillPaymentModal';
import { formatTotals, openTotals, payable } from './payBills';
import { PayBillsModal } from './PayBillsModal';
import { EinvoiceRefusalAlert, EinvoiceUploadButton, type EinvoiceRefusal } from './EinvoiceImport';
import { useBills } from './useBills';
import './bills.css';

type Editing = { bill: BillView | null } | null;

const STATUS_TONES = {
  draft: 'default',
  open: 'warning',
  partly_paid: 'warning',
  paid: 'success',
} as const;

/** A posted bill not paid in full whose due date has passed. */
const overdue = (b: BillView, today: string) => (b.status === 'open' || b.status === 'partly_paid') && b.due_date < today;

/**
 * What the company was invoiced: each bill's supplier, their number, dates, total, what is still
 * open (in the bill's currency; one posted in another also with its euros as booked) and its status
 * (overdue ones marked), filtered by status. New bill and Edit (drafts) share one dialog; a posted
 * bill opens in a drawer (View); Post, Record payment and Delete (drafts, last and apart) sit under "More".
 */
export const BillsPage = () => {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [status, setStatus] = useState<BillStatus | 'all'>('all');
  const { bills, loading, error, reload } = useBills(status);
  const { suppliers, refetch: refetchSuppliers } = useSuppliers();
  const accounts = usePurchaseAccounts();
  const [form] = Form.useForm<BillValues>();
  const [editing, setEditing] = useState<Editing>(null);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [paying, setPaying] = useState<BillView | null>(null);
  const [viewing, setViewing] = useState<BillView | null>(null);
  const formatAmount = useFormatAmount();
  const [busy, setBusy] = useState<string | null>(null);
  const [importRefused, setImportRefused] = useState<EinvoiceRefusal | null>(null);
  // The bills chosen to pay in one go (those of the list shown that can still be paid), oldest first in the dialog.
  const [chosen, setChosen] = useState<string[]>([]);
  const [payingMany, setPayingMany] = useState<BillView[] | null>(null);
  const today = localToday();
  const choosable = (bills ?? []).filter(payable);
  const chosenBills = choosable.filter((b) => chosen.includes(b.id));
  useEffect(() => setChosen([]), [status]);
  const choose = (b: BillView, on: boolean) => setChosen((c) => (on ? [...c.filter((id) => id !== b.id), b.id] : c.filter((id) => id !== b.id)));

  const open = (bill: BillView | null) => {
    setRefusal(null);
    setEditing({ bill });
  };

  // A refusal stays in the dialog, each field's under it, so nothing typed is lost.
  const onSave = async (values: BillValues) => {
    const bill = editing?.bill ?? null;
    setRefusal(null);
    setSaving(true);
    try {
      const saved = bill ? await billApi.update(bill.id, bodyOf(values, bill.version)) : await billApi.create(bodyOf(values));
      feedback.success(t('admin.bills.saved', { number: saved.invoice_number }));
      setEditing(null);
      reload();
    } catch (err) {
      console.warn('Bill refused', err);
      // The supplier's number already entered: its bill is looked up to say when it was dated.
      const others = values.supplier ? await billApi.ofSupplier(values.supplier).catch(() => []) : [];
      const totals = billFormTotals(values.items ?? []);
      const stated = values.statedTotal === null || values.statedTotal === undefined ? undefined : Math.round(values.statedTotal * 100);
      const { fields, rest } = billRefusal(err, t, {
        bills: others,
        self: bill?.id ?? null,
        supplier: values.supplier,
        number: values.invoiceNumber,
        grossCents: totals.grossCents,
        statedCents: stated,
        currency: values.currency,
        money: formatAmount,
      });
      form.setFields(fields.map((f) => ({ name: f.name as never, errors: f.errors })));
      setRefusal(rest.length ? rest.join(' ') : null);
      if (fields[0]) form.scrollToField(fields[0].name as never, { block: 'center' });
    } finally {
      setSaving(false);
    }
  };

  // The draft an e-invoice became opens at once, to be checked (accounts, lines) before it is posted;
  // its supplier may be new, made from the document, so the dialog's list is asked again first.
  const onImported = async (bill: BillView) => {
    feedback.success(t('admin.bills.import.imported', { number: bill.invoice_number, supplier: bill.supplier_name ?? '' }));
    reload();
    await refetchSuppliers().catch((err: unknown) => console.warn('Suppliers not reloaded', err));
    open(bill);
  };

  const act = async (bill: BillView, run: () => Promise<unknown>, done: string) => {
    setBusy(bill.id);
    try {
      await run();
      feedback.success(done);
    } catch (err) {
      console.warn('Bill action refused', err);
      feedback.error(actionRefusalText(err, t));
    } finally {
      setBusy(null);
      reload();
    }
  };
  const onPost = (b: BillView) => {
    if (
      !confirmed(
        t('admin.bills.confirmPost', {
          number: b.invoice_number,
          supplier: b.supplier_name ?? '',
        }),
      )
    )
      return;
    void act(b, () => billApi.post(b.id), t('admin.bills.posted', { number: b.invoice_number }));
  };
  const onDelete = (b: BillView) => {
    if (
      !confirmed(
        t('admin.bills.confirmDelete', {
          number: b.invoice_number,
          supplier: b.supplier_name ?? '',
        }),
      )
    )
      return;
    void act(b, () => billApi.remove(b.id), t('admin.bills.deleted', { number: b.invoice_number }));
  };

  const statusOf = (b: BillView) => (
    <span className="admin-badges">
      <Badge tone={STATUS_TONES[b.status]}>{t(`admin.bills.statuses.${b.status}`)}</Badge>
      {overdue(b, today) && <Badge tone="error">{t('admin.bills.overdue')}</Badge>}
    </span>
  );
  // Each bill's amounts in its own currency.
  const amountOf = (b: BillView, amount: number) => formatAmount(amount, b.currency);
  const money = (b: BillView, amount: number) => <span className="admin-amount money">{amountOf(b, amount)}</span>;
  // A credit note's amounts are what the supplier owes back: shown negative, as the statement shows them.
  const credit = (b: BillView) => b.document_type === 'credit_note';
  const signed = (b: BillView, amount: number) => (credit(b) && amount !== 0 ? -amount : amount);
  // A posted bill in another currency: its gross in euros as booked (the drawer adds the rate).
  const booked = (b: BillView) => ((b.currency || EURO) !== EURO && b.status !== 'draft' && b.total_eur !== null ? formatEuros(signed(b, b.total_eur)) : null);
  const total = (b: BillView) => {
    const euros = booked(b);
    return (
      <span className="bill-total-cell">
        {money(b, signed(b, b.total_amount))}
        {euros && (
          <span className="admin-muted bill-booked" data-testid="bill-booked-euros">
            {t('admin.bills.currency.bookedShort', { amount: euros })}
          </span>
        )}
      </span>
    );
  };
  const number = (b: BillView) => (
    <span className="bill-number-cell">
      <span className="bill-number">{b.invoice_number}</span>
      {credit(b) && (
        <span data-testid="bill-credit-note">
          <Badge tone="default">{t('admin.bills.creditNote.tag')}</Badge>
        </span>
      )}
    </span>
  );
  const rowActions = (b: BillView) => {
    const draft = b.status === 'draft';
    const actions: RowAction[] = draft
      ? [
          {
            key: 'edit',
            label: t('buttons.edit'),
            inline: true,
            onClick: () => open(b),
          },
          {
            key: 'post',
            label: t('admin.bills.post'),
            loading: busy === b.id,
            onClick: () => onPost(b),
          },
          {
            key: 'delete',
            label: t('buttons.delete'),
            danger: true,
            apart: true,
            onClick: () => onDelete(b),
          },
        ]
      : [
          {
            key: 'view',
            label: t('admin.bills.view.action'),
            inline: true,
            onClick: () => setViewing(b),
          },
          ...(b.status !== 'paid'
            ? [
                {
                  key: 'pay',
                  label: t(credit(b) ? 'admin.bills.creditNote.recordRefund' : 'admin.bills.recordPayment'),
                  onClick: () => setPaying(b),
                },
              ]
            : []),
        ];
    return actions.length ? <RowActions actions={actions} /> : null;
  };
  const supplierName = (b: BillView) => b.supplier_name ?? '—';

  return (
    <AdminPage testId="admin-bills">
      <PageHeader
        title={t('admin.bills.title')}
        actions={
          <>
            <EinvoiceUploadButton onImported={(b) => void onImported(b)} onRefused={setImportRefused} />
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => open(null)} data-testid="new-bill">
              {t('admin.bills.create')}
            </Button>
          </>
        }
      />
      {importRefused && <EinvoiceRefusalAlert refusal={importRefused} onClose={() => setImportRefused(null)} />}
      <div className="bills-filter">
        <label htmlFor="bills-status">{t('admin.bills.filter')}</label>
        <Select<BillStatus | 'all'>
          id="bills-status"
          value={status}
          onChange={setStatus}
          options={[
            { value: 'all', label: t('admin.bills.allStatuses') },
            ...BILL_STATUSES.map((s) => ({
              value: s,
              label: t(`admin.bills.statuses.${s}`),
            })),
          ]}
          data-testid="bills-status"
        />
      </div>
      <div className="pay-bills-bar" data-testid="pay-bills-bar">
        <span className="admin-muted" aria-live="polite">
          {chosenBills.length
            ? t('admin.bills.payMany.chosen', { count: chosenBills.length, amount: formatTotals(openTotals(chosenBills), formatAmount) })
            : t('admin.bills.payMany.hint')}
        </span>
        {chosenBills.length < choosable.length && choosable.length > 1 && (
          <Button onClick={() => setChosen(choosable.map((b) => b.id))} data-testid="pay-bills-choose-all">
            {t('admin.bills.payMany.chooseAll', { n: choosable.length })}
          </Button>
        )}
        {chosenBills.length > 0 && <Button onClick={() => setChosen([])}>{t('admin.bills.payMany.clear')}</Button>}
        <Button type="primary" disabled={chosenBills.length === 0} onClick={() => setPayingMany([...chosenBills].sort((a, b) => a.date.localeCompare(b.date) || a.invoice_number.localeCompare(b.invoice_number)))} data-testid="pay-bills">
          {t('admin.bills.payMany.action')}
        </Button>
      </div>
      <ResponsiveTable<BillView>
        label={t('admin.bills.title')}
        rowKey="id"
        testId="bills-list"
        state={{ loading, error, retry: reload }}
        dataSource={bills ?? []}
        pagination={false}
        scroll={{ x: 1100 }}
        locale={{
          emptyText: status === 'all' ? t('admin.bills.empty') : t('admin.bills.emptyStatus'),
        }}
        card={(b) => ({
          title: supplierName(b),
          subtitle: number(b),
          amount: amountOf(b, signed(b, b.open_amount)),
          amountLabel: t('admin.bills.fields.openAmount'),
          status: statusOf(b),
          fields: [
            {
              key: 'date',
              label: t('admin.bills.fields.date'),
              value: formatDate(b.date),
            },
            {
              key: 'due',
              label: t('admin.bills.fields.dueDate'),
              value: formatDate(b.due_date),
            },
            {
              key: 'total',
              label: t('admin.bills.fields.total'),
              value: money(b, signed(b, b.total_amount)),
            },
            ...(booked(b) ? [{ key: 'booked', label: t('admin.bills.view.booked'), value: <span className="admin-amount money">{booked(b)}</span> }] : []),
          ],
          actions: (
            <>
              {payable(b) && (
                <Checkbox className="bill-choose" checked={chosen.includes(b.id)} onChange={(e) => choose(b, e.target.checked)} data-testid="bill-choose">
                  {t('admin.bills.payMany.choose')}
                </Checkbox>
              )}
              {rowActions(b)}
            </>
          ),
        })}
        rowSelection={{
          selectedRowKeys: chosenBills.map((b) => b.id),
          onChange: (keys) => setChosen(keys.map(String)),
          getCheckboxProps: (b) => ({ disabled: !payable(b), 'aria-label': t('admin.bills.payMany.chooseBill', { number: b.invoice_number, supplier: supplierName(b) }) }),
          // No "select all": the table repeats column titles in a hidden measuring row, where a checkbox would be focusable.
          hideSelectAll: true,
        }}
        columns={[
          {
            key: 'supplier',
            title: t('admin.bills.fields.supplier'),
            render: (_, b) => supplierName(b),
          },
          {
            key: 'number',
            title: t('admin.bills.fields.invoiceNumber'),
            render: (_, b) => number(b),
          },
          {
            key: 'date',
            title: t('admin.bills.fields.date'),
            className: 'admin-nowrap',
            render: (_, b) => formatDate(b.date),
          },
          {
            key: 'due',
            title: t('admin.bills.fields.dueDate'),
            className: 'admin-nowrap',
            render: (_, b) => formatDate(b.due_date),
          },
          {
            key: 'total',
            title: t('admin.bills.fields.total'),
            align: 'right',
            render: (_, b) => total(b),
          },
          {
            key: 'open',
            title: t('admin.bills.fields.openAmount'),
            align: 'right',
            render: (_, b) => money(b, signed(b, b.open_amount)),
          },
          {
            key: 'status',
            title: t('admin.bills.fields.status'),
            render: (_, b) => statusOf(b),
          },
          {
            key: 'actions',
            title: t('admin.fields.actions'),
            render: (_, b) => rowActions(b),
          },
        ]}
      />
      <BillFormModal
        open={editing !== null}
        bill={editing?.bill ?? null}
        suppliers={suppliers ?? []}
        accounts={accounts.purchase}
        saving={saving}
        error={refusal}
        form={form}
        onCancel={() => setEditing(null)}
        onSave={(v) => void onSave(v)}
        onDocumentsChanged={reload}
      />
      <BillDrawer bill={viewing} onClose={() => setViewing(null)} />
      <PayBillsModal
        bills={payingMany}
        onClose={() => setPayingMany(null)}
        onPaid={() => {
          setPayingMany(null);
          setChosen([]);
          reload();
        }}
      />
      <BillPaymentModal
        bill={paying}
        onClose={() => setPaying(null)}
        onPaid={() => {
          setPaying(null);
          reload();
        }}
      />
    </AdminPage>
  );
};
