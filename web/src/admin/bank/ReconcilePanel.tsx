import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Flex, Form, Input, Radio, Select, Tag, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatEuros, formatMoney } from '../../common/format';
import { useIsPhone } from '../../common/useIsPhone';
import { BillPicker } from './BillPicker';
import { reconcileRefusal, type ReconcileRefusal } from './reconcileErrors';
import { acceptedParts, billCents, centsText, creditClient, eurosToCents, invoiceCents, movementsFor, partsBalance, remainingCents, wireParts, type PartDraft, type PartKind } from './reconcileParts';
import { statementApi, type ChartAccount, type MovementView, type OpenBill, type OpenInvoice, type StatementLineView, type SuggestionPart, type SuggestionView, type WirePart } from './statementApi';

/** The rates a categorised part (and a bank rule) offers (percent). */
export const VAT_RATES = [0, 3, 5, 9, 19];
const KINDS: PartKind[] = ['account', 'invoice', 'transfer', 'movement'];
/** Money out may also pay a supplier's bill. */
const KINDS_OUT: PartKind[] = ['account', 'invoice', 'bill', 'transfer', 'movement'];
/** The reasons the server gives for a suggestion, as the locale names them. */
const REASONS = ['reference', 'invoiceNumber', 'amount', 'name', 'iban'];

export interface MoneyAccountChoice {
  id: string;
  name: string;
  kind: string;
}

interface Props {
  accountId: string;
  line: StatementLineView | null;
  /** The other money accounts a transfer can go to or come from. */
  moneyAccounts: MoneyAccountChoice[];
  chart: ChartAccount[];
  onClose: () => void;
  onSaved: (line: StatementLineView) => void;
}

let nextKey = 1;
const draft = (kind: PartKind, cents: number, description: string): PartDraft => ({ key: nextKey++, kind, amount: cents === 0 ? '' : centsText(cents), vatRate: 0, description });

/**
 * What one statement line's money was: one part or several (a split), each an account with its VAT
 * rate, an invoice or (money out) a supplier's bill it paid, a transfer to another money account,
 * or a movement already in the books. The remainder is
 * shown as the parts change and Save (or Enter) is offered only when they add up to the line to the
 * cent; the server's refusals stand under the part they name.
 */
export const ReconcilePanel = ({ accountId, line, moneyAccounts, chart, onClose, onSaved }: Props) => {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const [parts, setParts] = useState<PartDraft[]>([]);
  const [movements, setMovements] = useState<MovementView[]>([]);
  // The invoices the picker offers: the last search's page, and those already chosen (kept when a new search leaves them out).
  const [found, setFound] = useState<OpenInvoice[]>([]);
  const [chosen, setChosen] = useState<Record<string, OpenInvoice>>({});
  const [invoiceSearch, setInvoiceSearch] = useState('');
  const invoices = useMemo(() => [...new Map([...found, ...Object.values(chosen)].map((i) => [i.id, i])).values()], [found, chosen]);
  const [suggestions, setSuggestions] = useState<SuggestionView[] | null>(null);
  const firstAccept = useRef<HTMLButtonElement>(null);
  const [errors, setErrors] = useState<ReconcileRefusal>({ parts: {}, rest: [] });
  const [saving, setSaving] = useState(false);
  const lineCents = line ? eurosToCents(line.amount) : 0;

  useEffect(() => {
    if (!line) return;
    setParts([draft('account', eurosToCents(line.amount), line.description)]);
    setErrors({ parts: {}, rest: [] });
    let live = true;
    setSuggestions(null);
    statementApi.movements(accountId).then(
      (found) => live && setMovements(found),
      (err: unknown) => console.warn('Open movements failed to load', err),
    );
    setChosen({});
    setInvoiceSearch('');
    statementApi.suggestions(accountId, line.id).then(
      (found) => live && setSuggestions(found),
      (err: unknown) => {
        console.warn('Suggestions failed to load', err);
        if (live) setSuggestions([]);
      },
    );
    return () => {
      live = false;
    };
  }, [accountId, line]);

  // The open invoices matching what is typed, a moment after the typing stops (the server pages them: a ledger may hold many).
  useEffect(() => {
    if (!line) return;
    let live = true;
    const timer = setTimeout(() => {
      statementApi.openInvoices(accountId, invoiceSearch).then(
        (page) => live && setFound(page),
        (err: unknown) => console.warn('Open invoices failed to load', err),
      );
    }, invoiceSearch ? 250 : 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [accountId, line, invoiceSearch]);

  // The best suggestion takes the focus, so Enter accepts it, unless the admin is typing already.
  useEffect(() => {
    const active = document.activeElement;
    if (suggestions?.length && !(active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement)) firstAccept.current?.focus();
  }, [suggestions]);

  const accountOptions = useMemo(
    () =>
      chart
        .filter((a) => a.is_active !== false)
        .sort((a, b) => a.code.localeCompare(b.code))
        .map((a) => ({ value: a.code, label: `${a.code} ${a.account_name}` })),
    [chart],
  );
  const movementOptions = useMemo(
    () =>
      movementsFor(lineCents, movements).map((m) => ({
        value: m.id,
        label: `${formatDate(m.date)} · ${m.description} · ${formatEuros(m.amount)}`,
        exact: m.exact,
      })),
    [lineCents, movements],
  );

  const invoiceOptions = useMemo(
    () =>
      invoices.map((inv) => ({
        value: inv.id,
        label: `${inv.invoice_number ?? '—'} · ${inv.client.name} · ${t('bank.reconcile.openAmount', { amount: formatEuros(inv.open_amount) })}`,
      })),
    [invoices, t],
  );

  const remaining = remainingCents(lineCents, parts);
  const credit = creditClient(lineCents, parts, invoices);
  const balanced = partsBalance(lineCents, parts);

  const change = (index: number, patch: Partial<PartDraft>) => {
    setParts((all) => all.map((p, i) => (i === index ? { ...p, ...patch } : p)));
    setErrors((e) => ({ ...e, parts: { ...e.parts, [index]: {} } }));
  };
  // A movement brings its own amount; leaving one, the part takes what the others leave.
  const chooseKind = (index: number, kind: PartKind) => {
    const others = parts.filter((_, j) => j !== index);
    const left = remainingCents(lineCents, others);
    change(index, { kind, movement: undefined, invoice: undefined, bill: undefined, amount: kind === 'movement' ? '' : parts[index]!.kind === 'movement' && left !== 0 ? centsText(left) : parts[index]!.amount });
  };
  // An invoice takes what is open on it, or what the line leaves when that is less.
  const chooseInvoice = (index: number, id: string) => {
    const invoice = invoices.find((i) => i.id === id);
    if (invoice) setChosen((all) => ({ ...all, [id]: invoice }));
    const left = remainingCents(lineCents, parts.filter((_, j) => j !== index));
    change(index, { invoice: id, amount: invoice ? centsText(invoiceCents(eurosToCents(invoice.open_amount), left)) : parts[index]!.amount });
  };
  // A bill takes what is open on it, or what the line leaves to pay when that is less.
  const chooseBill = (index: number, bill: OpenBill) => {
    const left = remainingCents(lineCents, parts.filter((_, j) => j !== index));
    change(index, { bill: bill.id, amount: centsText(billCents(eurosToCents(bill.open_amount), left)) });
  };
  const addCredit = () => {
    if (!credit) return;
    setParts((all) => [...all, { ...draft('clientCredit', remaining, ''), client: credit.id }]);
  };
  const chooseMovement = (index: number, id: string) => {
    const movement = movements.find((m) => m.id === id);
    // Matched whole: the part is the movement's amount.
    change(index, { movement: id, amount: movement ? centsText(eurosToCents(movement.amount)) : '' });
  };

  const post = async (body: WirePart[]) => {
    if (!line || saving) return;
    setSaving(true);
    setErrors({ parts: {}, rest: [] });
    try {
      onSaved(await statementApi.reconcile(accountId, line.id, body));
    } catch (err) {
      console.warn('Reconciliation refused', err);
      setErrors(reconcileRefusal(err, t));
    } finally {
      setSaving(false);
    }
  };

  const save = () => (balanced ? post(wireParts(parts)) : Promise.resolve());

  /** A suggested part as the admin reads it: the money account's or account's name, a client's credit named so. */
  const partLabel = (p: SuggestionPart): string => {
    if (p.kind === 'transfer') return `${t('bank.statements.summary.transfer')}: ${moneyAccounts.find((a) => a.id === p.money_account)?.name ?? p.label}`;
    if (p.kind === 'account') return accountOptions.find((a) => a.value === p.account)?.label ?? p.label;
    if (p.kind === 'client_credit') return `${t('bank.reconcile.kinds.clientCredit')}: ${p.label}`;
    if (p.kind === 'movement') return `${t('bank.statements.summary.movement')}: ${p.label}`;
    if (p.kind === 'bill') return `${t('bank.statements.summary.bill')}: ${p.label}`;
    return p.label;
  };

  // Money out goes to a payee: its name and IBAN are said so.
  const reasonKey = (reason: string): string => (lineCents < 0 && (reason === 'iban' || reason === 'name') ? `${reason}Out` : reason);

  const fieldError = (index: number, field: string) => {
    const messages = errors.parts[index]?.[field];
    return messages?.length ? { validateStatus: 'error' as const, help: messages.join(' ') } : {};
  };

  const title = line ? t('bank.reconcile.title', { amount: formatEuros(line.amount), date: formatDate(line.booking_date) }) : '';

  return (
    <Drawer open={!!line} onClose={onClose} title={title} size={phone ? '100%' : 560} destroyOnHidden data-testid="reconcile-panel" className="bank-reconcile">
      {line && (
        <Form layout="vertical" onFinish={() => void save()} className="bank-reconcile-form" component="form">
          <div className="bank-reconcile-line">
            <Typography.Text strong>{line.description}</Typography.Text>
            {(line.counterparty_name || line.counterparty_iban) && <div className="bank-line-sub">{[line.counterparty_name, line.counterparty_iban].filter(Boolean).join(' · ')}</div>}
            {line.reference && <div className="bank-line-sub">{line.reference}</div>}
          </div>
          <section className="bank-suggestions" aria-labelledby="bank-suggestions-title" data-testid="suggestions">
            <div id="bank-suggestions-title" className="bank-part-title">
              {t('bank.reconcile.suggestions')}
            </div>
            {suggestions === null ? (
              <Typography.Text type="secondary">{t('bank.reconcile.loadingSuggestions')}</Typography.Text>
            ) : suggestions.length === 0 ? (
              <Typography.Text type="secondary" data-testid="no-suggestions">
                {t('bank.reconcile.noSuggestions')}
              </Typography.Text>
            ) : (
              suggestions.map((s, n) => (
                <div key={n} className="bank-suggestion" data-testid={`suggestion-${n}`}>
                  <ul className="bank-suggestion-parts">
                    {s.parts.map((p, j) => (
                      <li key={j}>
                        <span className="bank-suggestion-label">{partLabel(p)}</span>
                        <span className="admin-amount">{formatEuros(p.amount)}</span>
                      </li>
                    ))}
                  </ul>
                  <Flex justify="space-between" align="center" gap={8} wrap>
                    <span className="bank-suggestion-reasons">
                      {s.reasons.map((r) => (
                        <Tag key={r} className="bank-reason-tag">
                          {REASONS.includes(r) ? t(`bank.reconcile.reasons.${reasonKey(r)}`) : r}
                        </Tag>
                      ))}
                    </span>
                    <Button
                      ref={n === 0 ? firstAccept : undefined}
                      type={n === 0 ? 'primary' : 'default'}
                      loading={saving}
                      onClick={() => void post(acceptedParts(s.parts))}
                      data-testid={`accept-${n}`}
                    >
                      {t('bank.reconcile.accept')}
                    </Button>
                  </Flex>
                </div>
              ))
            )}
          </section>
          {errors.rest.length > 0 && <Alert type="error" showIcon className="bank-reconcile-error" title={errors.rest.join(' ')} data-testid="reconcile-error" />}
          {parts.map((p, i) => (
            <div key={p.key} role="group" aria-labelledby={`part-${i}-title`} className="bank-part" data-testid={`part-${i}`}>
              <Flex justify="space-between" align="center" gap={8}>
                <span id={`part-${i}-title`} className="bank-part-title">
                  {t('bank.reconcile.part', { n: i + 1 })}
                </span>
                {parts.length > 1 && (
                  <Button size="small" type="text" danger icon={<DeleteOutlined aria-hidden />} onClick={() => setParts((all) => all.filter((_, j) => j !== i))}>
                    {t('bank.reconcile.removePart')}
                  </Button>
                )}
              </Flex>
              <Form.Item label={t('bank.reconcile.kind')} {...fieldError(i, 'kind')}>
                <Radio.Group value={p.kind} onChange={(e) => chooseKind(i, e.target.value as PartKind)} className="bank-part-kinds">
                  {(p.kind === 'clientCredit' ? [...KINDS, p.kind] : lineCents < 0 ? KINDS_OUT : KINDS).map((k) => (
                    <Radio key={k} value={k} data-testid={`kind-${k}`}>
                      {t(`bank.reconcile.kinds.${k}`)}
                    </Radio>
                  ))}
                </Radio.Group>
              </Form.Item>
              {p.kind === 'account' && (
                <>
                  <Form.Item label={t('bank.reconcile.account')} htmlFor={`part-${i}-account`} {...fieldError(i, 'account')}>
                    <Select
                      id={`part-${i}-account`}
                      showSearch={{ optionFilterProp: 'label' }}
                      value={p.account}
                      placeholder={t('bank.reconcile.accountPlaceholder')}
                      options={accountOptions}
                      onChange={(code: string) => change(i, { account: code })}
                      popupMatchSelectWidth
                    />
                  </Form.Item>
                  <Flex gap={12} wrap>
                    <Form.Item label={t('bank.reconcile.vatRate')} htmlFor={`part-${i}-vat`} className="bank-part-vat" {...fieldError(i, 'vat_rate')}>
                      <Select id={`part-${i}-vat`} value={p.vatRate} options={VAT_RATES.map((r) => ({ value: r, label: `${r} %` }))} onChange={(r: number) => change(i, { vatRate: r })} />
                    </Form.Item>
                    <Form.Item label={t('bank.reconcile.amount')} htmlFor={`part-${i}-amount`} className="bank-part-amount" {...fieldError(i, 'amount')}>
                      <Input id={`part-${i}-amount`} inputMode="decimal" value={p.amount} onChange={(e) => change(i, { amount: e.target.value })} suffix="€" />
                    </Form.Item>
                  </Flex>
                  <Form.Item label={t('bank.reconcile.description')} htmlFor={`part-${i}-description`} {...fieldError(i, 'description')}>
                    <Input id={`part-${i}-description`} value={p.description} maxLength={1000} onChange={(e) => change(i, { description: e.target.value })} />
                  </Form.Item>
                </>
              )}
              {p.kind === 'transfer' && (
                <Flex gap={12} wrap>
                  <Form.Item label={t('bank.reconcile.moneyAccount')} htmlFor={`part-${i}-money-account`} className="bank-part-grow" {...fieldError(i, 'money_account')}>
                    <Select
                      id={`part-${i}-money-account`}
                      value={p.moneyAccount}
                      placeholder={t('bank.reconcile.moneyAccountPlaceholder')}
                      options={moneyAccounts.filter((a) => a.id !== accountId).map((a) => ({ value: a.id, label: a.name }))}
                      onChange={(id: string) => change(i, { moneyAccount: id })}
                    />
                  </Form.Item>
                  <Form.Item label={t('bank.reconcile.amount')} htmlFor={`part-${i}-amount`} className="bank-part-amount" {...fieldError(i, 'amount')}>
                    <Input id={`part-${i}-amount`} inputMode="decimal" value={p.amount} onChange={(e) => change(i, { amount: e.target.value })} suffix="€" />
                  </Form.Item>
                </Flex>
              )}
              {p.kind === 'invoice' && (
                <>
                  <Form.Item label={t('bank.reconcile.invoice')} htmlFor={`part-${i}-invoice`} {...fieldError(i, 'invoice')}>
                    <Select
                      id={`part-${i}-invoice`}
                      showSearch={{ filterOption: false, onSearch: setInvoiceSearch }}
                      value={p.invoice}
                      placeholder={t('bank.reconcile.invoicePlaceholder')}
                      notFoundContent={t('bank.reconcile.noInvoices')}
                      options={invoiceOptions.filter((o) => o.value === p.invoice || !parts.some((q) => q.kind === 'invoice' && q.invoice === o.value))}
                      optionRender={(o) => <span className="bank-movement-option">{o.data.label}</span>}
                      onChange={(id: string) => chooseInvoice(i, id)}
                      popupMatchSelectWidth
                    />
                  </Form.Item>
                  <Form.Item label={t('bank.reconcile.amount')} htmlFor={`part-${i}-amount`} className="bank-part-amount" {...fieldError(i, 'amount')}>
                    <Input id={`part-${i}-amount`} inputMode="decimal" value={p.amount} onChange={(e) => change(i, { amount: e.target.value })} suffix="€" />
                  </Form.Item>
                </>
              )}
              {p.kind === 'bill' && (
                <>
                  <Form.Item label={t('bank.reconcile.bill')} htmlFor={`part-${i}-bill`} {...fieldError(i, 'bill')}>
                    <BillPicker accountId={accountId} id={`part-${i}-bill`} value={p.bill} taken={parts.flatMap((q) => (q.kind === 'bill' && q.bill ? [q.bill] : []))} onChoose={(bill) => chooseBill(i, bill)} />
                  </Form.Item>
                  <Form.Item label={t('bank.reconcile.amount')} htmlFor={`part-${i}-amount`} className="bank-part-amount" {...fieldError(i, 'amount')}>
                    <Input id={`part-${i}-amount`} inputMode="decimal" value={p.amount} onChange={(e) => change(i, { amount: e.target.value })} suffix="€" />
                  </Form.Item>
                </>
              )}
              {p.kind === 'clientCredit' && (
                <Form.Item
                  label={t('bank.reconcile.amount')}
                  htmlFor={`part-${i}-amount`}
                  {...fieldError(i, 'amount')}
                  extra={t('bank.reconcile.creditOf', { client: invoices.find((inv) => inv.client.id === p.client)?.client.name ?? '' })}
                >
                  <Input id={`part-${i}-amount`} inputMode="decimal" value={p.amount} onChange={(e) => change(i, { amount: e.target.value })} suffix="€" />
                </Form.Item>
              )}
              {p.kind === 'movement' && (
                <>
                  <Form.Item label={t('bank.reconcile.movement')} htmlFor={`part-${i}-movement`} {...fieldError(i, 'movement')}>
                    <Select
                      id={`part-${i}-movement`}
                      value={p.movement}
                      placeholder={movementOptions.length ? t('bank.reconcile.movementPlaceholder') : t('bank.reconcile.noMovements')}
                      disabled={!movementOptions.length}
                      options={movementOptions}
                      optionRender={(o) => (
                        <span className="bank-movement-option">
                          {o.data.label}
                          {o.data.exact && (
                            <Tag color="green" className="bank-exact-tag">
                              {t('bank.reconcile.sameAmount')}
                            </Tag>
                          )}
                        </span>
                      )}
                      onChange={(id: string) => chooseMovement(i, id)}
                    />
                  </Form.Item>
                  <Form.Item label={t('bank.reconcile.amount')} {...fieldError(i, 'amount')} extra={t('bank.reconcile.movementWhole')}>
                    <Input value={p.amount} disabled suffix="€" aria-label={t('bank.reconcile.amount')} />
                  </Form.Item>
                </>
              )}
            </div>
          ))}
          <Flex justify="space-between" align="center" wrap gap={8} className="bank-reconcile-footer">
            <Button icon={<PlusOutlined aria-hidden />} onClick={() => setParts((all) => [...all, draft('account', remaining, line.description)])} data-testid="add-part">
              {t('bank.reconcile.addPart')}
            </Button>
            {credit && (
              <Button icon={<PlusOutlined aria-hidden />} onClick={addCredit} data-testid="add-credit">
                {t('bank.reconcile.addCredit', { client: credit.name })}
              </Button>
            )}
            <span className={remaining === 0 ? 'bank-remaining bank-remaining-done' : 'bank-remaining'} data-testid="remaining" aria-live="polite">
              {t('bank.reconcile.remaining', { amount: formatMoney(remaining) })}
            </span>
          </Flex>
          <Flex justify="flex-end" gap={8} wrap className="bank-reconcile-actions">
            <Button onClick={onClose}>{t('buttons.cancel')}</Button>
            <Button type="primary" htmlType="submit" disabled={!balanced} loading={saving} data-testid="reconcile-save">
              {t('bank.reconcile.save')}
            </Button>
          </Flex>
          <Typography.Paragraph type="secondary" className="bank-reconcile-hint">
            {t('bank.reconcile.hint')}
          </Typography.Paragraph>
        </Form>
      )}
    </Drawer>
  );
};
