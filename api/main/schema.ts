import 'reflect-metadata';
import type { GraphQLSchema } from 'graphql';
import { buildSchema, type NonEmptyArray } from 'type-graphql';
import { AccountResolver } from '../accounting/account.resolver';
import { HistoryActorResolver } from '../accounting/history-actor.resolver';
import { SingleLineJournalResolver } from '../accounting/journal-single.resolver';
import { JournalResolver } from '../accounting/journal.resolver';
import { ReportResolver } from '../accounting/report.resolver';
import { BooksResolver } from '../accounting/books.resolver';
import { AuthResolver } from '../auth/auth.resolver';
import { TwoFactorResolver } from '../auth/two-factor/two-factor.resolver';
import { ApiTokenResolver } from '../auth/api-tokens/api-token.resolver';
import { WebhookResolver } from '../integrations';
import { billingResolvers } from './billing.resolvers';
import { MoneyAccountResolver } from '../bank';
import { AgedPayablesResolver, BillResolver, SupplierResolver } from '../purchases';
import { OverviewResolver } from '../invoicing/overview.resolver';
import { InboxResolver } from '../public/inbox.resolver';
import { PaymentAlertResolver } from '../payments/payment-alerts.resolver';
import { OperationsResolver } from './operations/operations.resolver';
import { InvoicePaymentsResolver, PaymentResolver } from '../payments/payment.resolver';
import { PortalResolver } from '../portal/portal.resolver';
import { authChecker } from '../platform/graphql/context';

/** Every resolver of the API. Feature modules add theirs here. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const resolvers: NonEmptyArray<Function> = [AuthResolver, TwoFactorResolver, ApiTokenResolver, AccountResolver, JournalResolver, ReportResolver, BooksResolver, PaymentResolver, InvoicePaymentsResolver, PortalResolver, OverviewResolver, InboxResolver, PaymentAlertResolver, SingleLineJournalResolver, HistoryActorResolver, OperationsResolver, MoneyAccountResolver, SupplierResolver, BillResolver, AgedPayablesResolver, WebhookResolver, ...billingResolvers];

let cached: Promise<GraphQLSchema> | undefined;

/** type-graphql keeps metadata globally, so the schema is built once per process. */
export const getSchema = (): Promise<GraphQLSchema> =>
  (cached ??= buildSchema({
    resolvers,
    authChecker,
    validate: { forbidUnknownValues: false },
    emitSchemaFile: false,
  }));
