import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Select, Table } from 'antd';
import type { FormInstance, FormListFieldData } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { currencySymbol, EURO, formatAmountCents, formatEuros } from '../../common/format';
import { useScreenLanguage } from '../../common/useAmount';
import { cleanTextRule } from '../common/cleanText';
import { useProducts } from '../products/useProducts';
import type { ProductView } from '../products/productTypes';
import { useStandardVatRateIn } from '../settings/useStandardVatRate';
import { lineTotals, type EditableLine } from './lineTotals';
import { MAX_AMOUNT_CENTS, MAX_QUANTITY } from '../../../../domain/shared/money';
import type { EditableItem, InvoiceValues } from './invoiceTypes';
import { productLinePatch } from './productLine';

/** A new line: the company's standard VAT rate, or empty until it has loaded (then filled in). */
export const newLine = (vatRate: number | undefined) => ({ productId: null, description: '', quantity: 1, unitPrice: undefined, vatRate, vatCategory: null });

/** The VAT categories a user may choose; empty lets the server decide (S, Z, or AE for an EU business abroad). */
export const VatCategorySelect = (props: { value?: string | null; onChange?: (v: string | null) => void; onSelect?: (v: string) => void; 'aria-label'?: string }) => {
  const { t } = useTranslation();
  return (
    <Select
      {...props}
      allowClear
      placeholder={t('admin.invoices.vatCategoryAuto')}
      style={{ width: 150 }}
      options={(['S', 'Z', 'E'] as const).map((c) => ({ value: c, label: t(`admin.invoices.vatCategories.${c}`) }))}
      onChange={(v) => props.onChange?.(v ?? null)}
    />
  );
};

const percent = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });

interface ProductOption {
  value: string;
  label: string;
  /** Its catalogue price and VAT rate, shown beside its name in the list. */
  detail?: string;
}

/**
 * A line's optional catalogue product (searchable by name, clearable). `onSelect` is told the
 * product chosen, which fills the line; a product no longer in the catalogue is named as such.
 */
const ProductSelect = ({ id, value, onChange, onSelect, products, loading }: { id?: string; value?: string | null; onChange?: (v: string | null) => void; onSelect: (p: ProductView) => void; products: ProductView[]; loading: boolean }) => {
  const { t } = useTranslation();
  const options: ProductOption[] = products.map((p) => ({ value: p.id, label: p.name, detail: `${formatEuros(p.price)} · ${percent.format(p.vatRate)} %` }));
  if (value && !loading && !products.some((p) => p.id === value)) options.push({ value, label: t('admin.invoices.productGone') });
  return (
    <Select<string, ProductOption>
      id={id}
      className="line-product"
      aria-label={t('admin.invoices.product')}
      placeholder={t('admin.invoices.productPlaceholder')}
      value={value ?? undefined}
      options={options}
      loading={loading}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      classNames={{ popup: { root: 'line-product-popup' } }}
      optionRender={(o) => (
        <span className="line-product-option">
          <span>{o.data.label}</span>
          {o.data.detail && <span className="line-product-detail">{o.data.detail}</span>}
        </span>
      )}
      onChange={(v) => onChange?.(v ?? null)}
      onSelect={(v) => {
        const product = products.find((p) => p.id === v);
        if (product) onSelect(product);
      }}
    />
  );
};

/** A VAT category and rate a line may take (a credit note's lines: those its invoice charged). */
export interface VatChoice {
  /** Percent. */
  vatRate: number;
  /** S, Z, E or AE. */
  vatCategory: string;
  /** An exempt line's reason, as the invoice gave it. */
  exemptionReason?: string | null;
}

const choiceKey = (c: { vatRate?: number | string | null; vatCategory?: string | null }) => `${c.vatCategory ?? ''}|${Number(c.vatRate ?? 0)}`;

/** One select for a line's rate and category among `choices` ("19 % · Standard"). */
const VatChoiceSelect = ({ choices, value, onChange }: { choices: VatChoice[]; value: EditableLine | undefined; onChange: (c: VatChoice) => void }) => {
  const { t } = useTranslation();
  const options = choices.map((c) => ({ value: choiceKey(c), label: `${percent.format(c.vatRate)} % · ${t(`admin.invoices.vatCategories.${c.vatCategory}`)}` }));
  const current = value && choices.find((c) => choiceKey(c) === choiceKey(value));
  return (
    <Select
      className="vat-choice"
      aria-label={t('admin.invoices.vatRateAndCategory')}
      value={current ? choiceKey(current) : undefined}
      placeholder={t('admin.invoices.vatRateAndCategory')}
      style={{ width: 200 }}
      options={options}
      onChange={(key: string) => {
        const chosen = choices.find((c) => choiceKey(c) === key);
        if (chosen) onChange(chosen);
      }}
    />
  );
};

/** Totals under the lines, recomputed on every keystroke with the server's rounding rules, in the invoice's currency. */
export const InvoiceTotals = ({ lines, reverseCharge = false, currency = EURO }: { lines: EditableLine[]; reverseCharge?: boolean; currency?: string }) => {
  const { t } = useTranslation();
  const language = useScreenLanguage();
  const formatMoney = (cents: number) => formatAmountCents(cents, currency, language);
  const totals = lineTotals(lines, { reverseCharge });
  return (
    <>
      <dl className="admin-totals" data-testid="invoice-totals" aria-live="polite">
        <div>
          <dt>{t('admin.invoices.net')}</dt>
          <dd data-testid="total-net">{formatMoney(totals.total.netCents)}</dd>
        </div>
        <div>
          <dt>{t('admin.invoices.vat')}</dt>
          <dd data-testid="total-vat">{formatMoney(totals.total.vatCents)}</dd>
        </div>
        <div className="admin-totals-gross">
          <dt>{t('admin.invoices.gross')}</dt>
          <dd data-testid="total-gross">{formatMoney(totals.total.grossCents)}</dd>
        </div>
      </dl>
      {/* Beside the list, not in it: a definition list holds only term and value groups. */}
      {totals.incomplete && <div className="admin-muted admin-totals-note">{t('admin.invoices.incompleteLines')}</div>}
    </>
  );
};

/**
 * Description, quantity, unit price and VAT per line; each line's net and gross as typed. Edits
 * the `items` list of any form that has one (an invoice, a credit note's chosen lines). Under
 * reverse charge the rates are not asked: every line carries 0 % and the buyer accounts for the VAT.
 */
export const LineItemsEditor = <T extends Pick<InvoiceValues, 'items'>>({
  form,
  reverseCharge = false,
  currency = EURO,
  vatChoices,
}: {
  form: FormInstance<T>;
  reverseCharge?: boolean;
  /** ISO 4217: the currency the prices are typed in and the totals shown in (the client's). */
  currency?: string;
  /** Given: each line takes one of these rates and categories from one select (a credit note's: its invoice's). */
  vatChoices?: VatChoice[];
}) => {
  const { t } = useTranslation();
  const language = useScreenLanguage();
  const formatMoney = (cents: number) => formatAmountCents(cents, currency, language);
  const items = (Form.useWatch('items', form) ?? []) as EditableLine[];
  const standardRate = useStandardVatRateIn(
    form as unknown as FormInstance,
    items.map((_, i) => ['items', i, 'vatRate']),
  );
  const amounts = lineTotals(items, { reverseCharge }).lines;
  const { products, loading: productsLoading } = useProducts();
  // A product fills its line: its name, its price (in euros only: the catalogue's), its VAT rate.
  const chooseProduct = (line: number, product: ProductView) => {
    const f = form as unknown as FormInstance<Pick<InvoiceValues, 'items'>>;
    const patch = productLinePatch(product, f.getFieldValue(['items', line]) as EditableItem | undefined, { currency, vatChoices });
    for (const [name, value] of Object.entries(patch)) f.setFieldValue(['items', line, name as keyof EditableItem], value);
    // The filled fields are checked again (a required description no longer empty, the price's bound).
    void f.validateFields((['description', 'unitPrice', 'vatRate'] as const).filter((name) => name in patch).map((name) => ['items', line, name]), { recursive: false }).catch(() => undefined);
  };
  // Zero-rated and exempt lines carry 0 % (the server refuses another rate for them).
  const setZeroRate = (line: number) => (form as unknown as FormInstance<Pick<InvoiceValues, 'items'>>).setFieldValue(['items', line, 'vatRate'], 0);
  const setChoice = (line: number, c: VatChoice) => {
    const f = form as unknown as FormInstance<Pick<InvoiceValues, 'items'>>;
    f.setFieldValue(['items', line, 'vatRate'], c.vatRate);
    f.setFieldValue(['items', line, 'vatCategory'], c.vatCategory);
    f.setFieldValue(['items', line, 'vatExemptionReason'], c.exemptionReason ?? null);
  };
  // A credit note's lines take one of its invoice's rates and categories from one select; an
  // invoice's lines a rate and, optionally, a category.
  const vatColumns: ColumnsType<FormListFieldData> = vatChoices
    ? [
        {
          key: 'vat',
          title: t('admin.invoices.vatRateAndCategory'),
          render: (_, field) => (
            <>
              <VatChoiceSelect choices={vatChoices} value={items[field.name]} onChange={(c) => setChoice(field.name, c)} />
              {/* The select sets these three; registered, so the form submits them. */}
              {(['vatRate', 'vatCategory', 'vatExemptionReason'] as const).map((name) => (
                <Form.Item key={name} name={[field.name, name]} hidden>
                  <Input />
                </Form.Item>
              ))}
            </>
          ),
        },
      ]
    : [
        {
          key: 'vatRate',
          title: t('admin.invoices.vatRate'),
          render: (_, field) => (
            // Under reverse charge the line carries 0 % whatever rate was typed (kept should the client change): shown as such.
            <Form.Item name={[field.name, 'vatRate']} getValueProps={(value: unknown) => ({ value: reverseCharge ? 0 : value })}>
              <InputNumber<number> aria-label={t('admin.invoices.vatRate')} min={0} max={100} precision={2} suffix="%" style={{ width: 100 }} disabled={reverseCharge} />
            </Form.Item>
          ),
        },
        {
          key: 'vatCategory',
          title: t('admin.invoices.vatCategory'),
          render: (_, field) => (
            <>
              <Form.Item name={[field.name, 'vatCategory']}>
                <VatCategorySelect aria-label={t('admin.invoices.vatCategory')} onSelect={(c) => (c === 'E' || c === 'Z') && setZeroRate(field.name)} />
              </Form.Item>
              <Form.Item noStyle shouldUpdate>
                {() =>
                  items[field.name]?.vatCategory === 'E' && (
                    <Form.Item name={[field.name, 'vatExemptionReason']} rules={[cleanTextRule(t)]}>
                      <Input aria-label={t('admin.invoices.exemptionReason')} placeholder={t('admin.invoices.exemptionReason')} maxLength={300} style={{ width: 150 }} />
                    </Form.Item>
                  )
                }
              </Form.Item>
            </>
          ),
        },
      ];
  // A new line takes the first of the given choices, else the company's standard rate.
  const first = vatChoices?.[0];
  const blankLine = () => (first ? { ...newLine(first.vatRate), vatCategory: first.vatCategory, vatExemptionReason: first.exemptionReason ?? null } : newLine(standardRate));

  return (
    <Form.List name="items">
      {(fields, { add, remove }) => (
        <>
          <Table
            className="admin-line-items"
            size="small"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={fields}
            rowKey="key"
            locale={{ emptyText: t('admin.invoices.noLines') }}
            columns={[
              {
                key: 'description',
                title: t('admin.invoices.productAndDescription'),
                // The product above its description: the table no wider than before, on a phone too.
                render: (_, field) => (
                  <div className="line-product-description">
                    <Form.Item name={[field.name, 'productId']}>
                      <ProductSelect products={products} loading={productsLoading} onSelect={(p) => chooseProduct(field.name, p)} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'description']} rules={[{ required: true, whitespace: true, message: t('admin.validation.required') }, cleanTextRule(t)]}>
                      <Input aria-label={t('admin.invoices.description')} style={{ minWidth: 200 }} />
                    </Form.Item>
                  </div>
                ),
              },
              {
                key: 'quantity',
                title: t('admin.invoices.quantity'),
                render: (_, field) => (
                  <Form.Item
                    name={[field.name, 'quantity']}
                    rules={[
                      { required: true, message: t('admin.validation.required') },
                      { type: 'number', max: MAX_QUANTITY, message: t('admin.validation.maxQuantity', { max: MAX_QUANTITY.toLocaleString('de-DE') }) },
                    ]}
                  >
                    <InputNumber<number> aria-label={t('admin.invoices.quantity')} min={0.001} step={1} style={{ width: 90 }} />
                  </Form.Item>
                ),
              },
              {
                key: 'unitPrice',
                title: t('admin.invoices.unitPrice'),
                render: (_, field) => (
                  <Form.Item
                    name={[field.name, 'unitPrice']}
                    dependencies={[['items', field.name, 'quantity'], ['items', field.name, 'vatRate']]}
                    rules={[
                      { required: true, message: t('admin.validation.required') },
                      { type: 'number', max: MAX_AMOUNT_CENTS / 100, message: t('admin.validation.maxAmount', { max: formatMoney(MAX_AMOUNT_CENTS) }) },
                      // The server's bound on a line (domain/invoice/amount-bounds.ts), said before it is sent.
                      {
                        validator: async () => {
                          const line = (form as unknown as FormInstance).getFieldValue(['items', field.name]) as EditableLine | undefined;
                          const gross = line ? (lineTotals([line], { reverseCharge }).lines[0]?.grossCents ?? 0) : 0;
                          if (gross > MAX_AMOUNT_CENTS) throw new Error(t('admin.validation.lineTooLarge', { max: formatMoney(MAX_AMOUNT_CENTS) }));
                        },
                      },
                    ]}
                  >
                    <InputNumber<number> aria-label={t('admin.invoices.unitPrice')} min={0} step={0.01} precision={2} prefix={currencySymbol(currency, language)} style={{ width: 130 }} />
                  </Form.Item>
                ),
              },
              ...vatColumns,
              {
                key: 'lineTotal',
                title: t('admin.invoices.lineGross'),
                align: 'right',
                render: (_, field) => {
                  const a = amounts[field.name];
                  return <span className="admin-amount money">{a ? formatMoney(a.grossCents) : '—'}</span>;
                },
              },
              {
                key: 'remove',
                render: (_, field) => (
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('admin.invoices.removeLine')} onClick={() => remove(field.name)} />
                ),
              },
            ]}
          />
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(blankLine())} style={{ marginTop: 8 }} data-testid="add-line">
            {t('admin.invoices.addLine')}
          </Button>
          {currency !== EURO && items.some((l) => (l as EditableItem).productId) && (
            <div className="admin-muted line-product-note" data-testid="product-price-note">
              {t('admin.invoices.productPriceNote', { currency })}
            </div>
          )}
          <InvoiceTotals lines={items} reverseCharge={reverseCharge} currency={currency} />
        </>
      )}
    </Form.List>
  );
};
