import { Arg, Authorized, Ctx, Field, Float, ID, Int, ObjectType, Query, Resolver } from 'type-graphql';
import { centsToEuros } from '../../domain/shared/money';
import type { GraphQLContext } from '../platform/graphql/context';
import type { MonthTrend } from '../../domain/billing/overview-trends';
import { adminOverview, monthlyTrends, type AdminOverview, type RecentPayment } from './overview.queries';

@ObjectType('RecentPayment')
export class RecentPaymentOutput {
  @Field(() => ID) paymentId!: string;
  @Field(() => ID) invoiceId!: string;
  @Field(() => String, { nullable: true, description: 'Null when the invoice was deleted since.' }) invoiceNumber!: string | null;
  @Field(() => ID, { nullable: true }) clientId!: string | null;
  @Field(() => String, { nullable: true }) clientName!: string | null;
  @Field(() => Float, { description: 'Euros.' }) amount!: number;
  @Field(() => String) date!: string;
  @Field(() => String, { description: 'card, manual, ...' }) method!: string;

  static from(p: RecentPayment): RecentPaymentOutput {
    return Object.assign(new RecentPaymentOutput(), { ...p, amount: centsToEuros(p.amountCents) });
  }
}

@ObjectType('MonthTrend', { description: 'One month of the overview charts; amounts in euros.' })
export class MonthTrendOutput {
  @Field(() => String, { description: "The month's first day (YYYY-MM-01)." }) month!: string;
  @Field(() => Float, { description: 'Invoices dated in the month, VAT included, less credit notes dated in it.' }) invoiced!: number;
  @Field(() => Float, { description: 'Payments received in the month (credit moved between invoices excluded).' }) collected!: number;
  @Field(() => Float, { description: "The cash accounts' balance at the month's end." }) cashBalance!: number;

  static from(m: MonthTrend): MonthTrendOutput {
    return Object.assign(new MonthTrendOutput(), { month: m.month, invoiced: centsToEuros(m.invoicedCents), collected: centsToEuros(m.collectedCents), cashBalance: centsToEuros(m.cashCents) });
  }
}

@ObjectType('AdminOverview', { description: 'Figures for the admin landing page; amounts in euros.' })
export class AdminOverviewOutput {
  @Field(() => String, { description: 'The day the figures were computed for (UTC).' }) today!: string;
  @Field(() => Float, { description: 'Open amount of all unpaid invoices.' }) receivables!: number;
  @Field(() => Int) unpaidCount!: number;
  @Field(() => Int) overdueCount!: number;
  @Field(() => Float) overdueAmount!: number;
  @Field(() => Float, { description: 'Net invoiced this calendar month.' }) revenueMonth!: number;
  @Field(() => Float, { description: 'Net invoiced this calendar year.' }) revenueYear!: number;
  @Field(() => [RecentPaymentOutput]) recentPayments!: RecentPaymentOutput[];

  static from(o: AdminOverview): AdminOverviewOutput {
    return Object.assign(new AdminOverviewOutput(), {
      today: o.today,
      receivables: centsToEuros(o.receivablesCents),
      unpaidCount: o.unpaidCount,
      overdueCount: o.overdueCount,
      overdueAmount: centsToEuros(o.overdueCents),
      revenueMonth: centsToEuros(o.revenueMonthCents),
      revenueYear: centsToEuros(o.revenueYearCents),
      recentPayments: o.recentPayments.map(RecentPaymentOutput.from),
    });
  }
}

@Resolver()
export class OverviewResolver {
  @Authorized('superuser')
  @Query(() => AdminOverviewOutput)
  async adminOverview(
    @Arg('recentPayments', () => Int, { defaultValue: 5, description: 'How many recent payments (1 to 50).' }) recent: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AdminOverviewOutput> {
    const limit = Math.min(50, Math.max(1, Math.trunc(recent)));
    return AdminOverviewOutput.from(await adminOverview(ctx.deps.db, ctx.deps.clock(), limit));
  }

  @Authorized('superuser')
  @Query(() => [MonthTrendOutput], { description: 'The last 12 months, oldest first: invoiced, collected and cash balance.' })
  async monthlyTrends(@Ctx() ctx: GraphQLContext): Promise<MonthTrendOutput[]> {
    return (await monthlyTrends(ctx.deps.db, ctx.deps.clock())).map(MonthTrendOutput.from);
  }
}
