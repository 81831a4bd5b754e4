import { openApiDocument, type OpenApiDocument } from '../platform/openapi/document';
import { openApiDocs } from '../platform/openapi/openapi.openapi';
import type { RouteDoc } from '../platform/openapi/route-doc';
import { clientDocs } from '../clients/client.openapi';
import { invoiceDocs } from '../invoicing/invoice.openapi';
import { creditNoteDocs } from '../invoicing/credit-note.openapi';
import { invoicePaymentDocs } from '../invoicing/invoice-payments.openapi';
import { mydataDocs } from '../invoicing/mydata/mydata.openapi';
import { accountingDocs } from '../accounting/accounting.openapi';
import { booksDocs } from '../accounting/books.openapi';
import { exportDocs } from '../accounting/exports/export.openapi';
import { moneyAccountDocs } from '../bank/money-account.openapi';
import { bankRuleDocs } from '../bank/rule.openapi';
import { statementDocs } from '../bank/statement.openapi';
import { productDocs } from '../catalog/product.openapi';
import { subscriptionDocs } from '../recurring/subscription.openapi';
import { portalDocs } from '../portal/portal.openapi';
import { paymentDocs } from '../payments/payment.openapi';
import { publicDocs } from '../public/public.openapi';
import { authDocs } from '../auth/auth.openapi';
import { twoFactorDocs } from '../auth/two-factor/two-factor.openapi';
import { apiTokenDocs } from '../auth/api-tokens/api-token.openapi';
import { webhookDocs } from '../integrations/webhooks/webhooks.openapi';
import { supplierDocs } from '../purchases/supplier.openapi';
import { billDocs } from '../purchases/bill.openapi';
import { exchangeRateDocs } from '../currencies/exchange-rate.openapi';

/** Every REST route's docs, in the reference's order: signing in, billing, accounting, purchases, integrations, the portal and the site (a test holds them to the routes express serves). */
export const API_ROUTE_DOCS: readonly RouteDoc[] = [
  ...authDocs,
  ...twoFactorDocs,
  ...clientDocs,
  ...productDocs,
  ...subscriptionDocs,
  ...invoiceDocs,
  ...creditNoteDocs,
  ...invoicePaymentDocs,
  ...paymentDocs,
  ...mydataDocs,
  ...accountingDocs,
  ...booksDocs,
  ...exportDocs,
  ...moneyAccountDocs,
  ...statementDocs,
  ...bankRuleDocs,
  ...supplierDocs,
  ...billDocs,
  ...exchangeRateDocs,
  ...apiTokenDocs,
  ...webhookDocs,
  ...portalDocs,
  ...publicDocs,
  ...openApiDocs,
];

let document: OpenApiDocument | undefined;

/** GET /api/openapi.json's document, built once. */
export const apiDocument = (): OpenApiDocument => (document ??= openApiDocument(API_ROUTE_DOCS));
