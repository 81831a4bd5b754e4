import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../platform/graphql/context';
import { CompanySettingsInput } from './company-settings.input';
import { CompanySettingsOutput } from './company-settings.output';
import type { CompanySettings } from './company-settings.service';

const toOutput = (s: CompanySettings): CompanySettingsOutput =>
  Object.assign(new CompanySettingsOutput(), {
    name: s.name,
    address: s.address,
    phone: s.phone,
    email: s.email,
    registrationNumber: s.registration_number,
    vatNumber: s.vat_number,
    jurisdiction: s.jurisdiction,
    country: s.country,
    iban: s.iban,
    bic: s.bic,
    standardVatRate: s.standard_vat_rate,
    reminderDays: s.reminder_days,
    updatedAt: s.updated_at,
  });

@Resolver(() => CompanySettingsOutput)
export class CompanySettingsResolver {
  @Authorized('superuser')
  @Query(() => CompanySettingsOutput, { description: 'The seller on invoices and the company details of the website.' })
  async companySettings(@Ctx() ctx: GraphQLContext): Promise<CompanySettingsOutput> {
    return toOutput(await ctx.services.billing.companySettings.get());
  }

  @Authorized('superuser')
  @Mutation(() => CompanySettingsOutput)
  async updateCompanySettings(@Arg('input', () => CompanySettingsInput) input: CompanySettingsInput, @Ctx() ctx: GraphQLContext): Promise<CompanySettingsOutput> {
    return toOutput(await ctx.services.billing.companySettings.update(input.toCommand(), ctx.user!.id));
  }
}
