import { Button, Divider, Form, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '../../common/ResponsiveTable';
import type { MyDataSettingsFieldsFragment } from '../../gql/graphql';
import { fieldErrorsOf } from '../accounting/hooks/graphqlErrors';
import { useFeedback } from '../common/useFeedback';
import { ClassificationSelect, useClassificationWords } from './ClassificationSelect';
import { COMPANY, parseClassificationKey, productChoicesOf, productClassificationChanges, productRefusals, refusalOnType, type ProductChoices } from './classifications';
import { useSetMyDataClassifications } from './useMyData';

const K = 'admin.mydata.settings.products';
const PAGE_SIZE = 10;

type Product = MyDataSettingsFieldsFragment['products'][number];

/**
 * Settings › myDATA, per product: each catalogue product's own classification per service invoice
 * type, or the company's ("Company's classification", no classification of its own). One Save sends
 * only the products and types changed; the server's refusal stands under the select it names.
 */
export const MyDataProductsSection = ({ settings }: { settings: MyDataSettingsFieldsFragment }) => {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const words = useClassificationWords();
  const { saveProducts, saving } = useSetMyDataClassifications();
  const saved = useMemo(() => productChoicesOf(settings.products), [settings.products]);
  /** Only the choices touched since the last save: what is saved stays the rest, whatever is read again meanwhile. */
  const [edited, setEdited] = useState<ProductChoices>({});
  /** Per `productId|invoiceType`, why the server refused it, in the screen's language. */
  const [refused, setRefused] = useState<Record<string, string>>({});
  const [page, setPage] = useState(1);

  const products = settings.products;
  const changes = productClassificationChanges(
    products.map((p) => p.productId),
    saved,
    edited,
  );
  const choice = (productId: string, type: string) => edited[productId]?.[type] ?? saved[productId]?.[type] ?? COMPANY;
  const choose = (productId: string, type: string, value: string) => {
    setEdited((e) => ({ ...e, [productId]: { ...e[productId], [type]: value } }));
    setRefused(({ [`${productId}|${type}`]: _, ...rest }) => rest);
  };
  const typeLabel = (type: string) => t(`admin.mydata.settings.types.t${type.replace('.', '_')}`, { defaultValue: type });

  const onSave = async () => {
    const sent = changes;
    if (sent.length === 0) return;
    setRefused({});
    try {
      await saveProducts(sent);
      setEdited({});
      feedback.success(t(`${K}.saved`));
    } catch (err) {
      const { refusals, rest } = productRefusals(fieldErrorsOf(err), sent);
      const accepted = (type: string) => settings.classifications.find((c) => c.invoiceType === type)?.accepted ?? [];
      const texts = Object.fromEntries(
        refusals.map((r) => {
          const chosen = choice(r.productId, r.invoiceType);
          const text =
            r.about === 'product'
              ? t(`${K}.gone`)
              : chosen !== COMPANY
                ? refusalOnType(parseClassificationKey(chosen), accepted(r.invoiceType), t, (c) => words.category(c))
                : r.messages.join(' ');
          return [`${r.productId}|${r.invoiceType}`, text];
        }),
      );
      setRefused(texts);
      // The first product refused is shown, whichever page it is on.
      const first = products.findIndex((p) => refusals.some((r) => r.productId === p.productId));
      if (first >= 0) setPage(Math.floor(first / PAGE_SIZE) + 1);
      if (refusals.length === 0 || rest.length > 0) feedback.logged(err, "Failed to save the products' myDATA classifications");
    }
  };

  /** A product's select for one type, its refusal under it; labelled by the type on a phone's card. */
  const field = (product: Product, type: string, labelled: boolean) => {
    const cls = settings.classifications.find((c) => c.invoiceType === type)!;
    const error = refused[`${product.productId}|${type}`];
    return (
      <Form.Item
        key={type}
        label={labelled ? typeLabel(type) : undefined}
        htmlFor={`mydata-product-${product.productId}-${type.replace('.', '_')}`}
        validateStatus={error ? 'error' : undefined}
        help={error}
        className="mydata-product-field"
      >
        <ClassificationSelect
          id={`mydata-product-${product.productId}-${type.replace('.', '_')}`}
          aria-label={labelled ? undefined : `${product.name} · ${typeLabel(type)}`}
          accepted={cls.accepted}
          company={cls.chosen}
          value={choice(product.productId, type)}
          onChange={(v) => choose(product.productId, type, v)}
          status={error ? 'error' : undefined}
        />
      </Form.Item>
    );
  };

  const columns: ColumnsType<Product> = [
    { key: 'name', title: t(`${K}.product`), dataIndex: 'name', className: 'mydata-product-name', width: '22%' },
    ...settings.classifications.map((c) => ({
      key: c.invoiceType,
      title: typeLabel(c.invoiceType),
      className: 'mydata-product-type',
      render: (_: unknown, product: Product) => field(product, c.invoiceType, false),
    })),
  ];

  return (
    <section className="mydata-products" data-testid="mydata-products" aria-labelledby="mydata-products-title">
      <Divider titlePlacement="start">
        <span id="mydata-products-title">{t(`${K}.title`)}</span>
      </Divider>
      {products.length === 0 ? (
        <Typography.Paragraph className="admin-muted" data-testid="mydata-products-empty">
          {t(`${K}.empty`)}
        </Typography.Paragraph>
      ) : (
        <>
          <Typography.Paragraph>{t(`${K}.help`)}</Typography.Paragraph>
          <Form layout="vertical" name="mydata-products" className="mydata-settings-form mydata-products-form" onFinish={() => void onSave()}>
            <ResponsiveTable<Product>
              className="mydata-products-table"
              label={t(`${K}.title`)}
              rowKey="productId"
              size="small"
              tableLayout="fixed"
              dataSource={products}
              columns={columns}
              pagination={products.length > PAGE_SIZE ? { current: page, pageSize: PAGE_SIZE, onChange: setPage, showSizeChanger: false } : false}
              card={(product) => ({ title: product.name, details: <div className="mydata-product-card">{settings.classifications.map((c) => field(product, c.invoiceType, true))}</div> })}
            />
            <div className="mydata-products-actions">
              <Button type="primary" htmlType="submit" loading={saving} disabled={changes.length === 0} data-testid="mydata-products-save">
                {t(`${K}.save`)}
              </Button>
              <span className="admin-muted" data-testid="mydata-products-unsaved" aria-live="polite">
                {changes.length > 0 ? t(`${K}.unsaved`, { number: changes.length }) : null}
              </span>
            </div>
          </Form>
        </>
      )}
    </section>
  );
};
