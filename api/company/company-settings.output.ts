import { Field, Float, Int, ObjectType } from 'type-graphql';

@ObjectType('CompanySettings')
export class CompanySettingsOutput {
  @Field(() => String) name!: string;
  @Field(() => String) address!: string;
  @Field(() => String) phone!: string;
  @Field(() => String) email!: string;
  @Field(() => String) registrationNumber!: string;
  @Field(() => String) vatNumber!: string;
  @Field(() => String) jurisdiction!: string;
  @Field(() => String, { description: 'ISO 3166-1 alpha-2.' }) country!: string;
  @Field(() => String, { description: 'The default bank account’s IBAN, what invoices print; empty when it has none.' }) iban!: string;
  @Field(() => String, { description: 'The default bank account’s BIC; empty when it has none.' }) bic!: string;
  @Field(() => Float, { description: 'Percent: what new products and invoice lines start with.' }) standardVatRate!: number;
  @Field(() => [Int], { description: 'Payment reminders: days from the due date, earliest first (negative: before it); empty: none are sent.' }) reminderDays!: number[];
  @Field(() => String) updatedAt!: string;
}
