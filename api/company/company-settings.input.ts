import { IsEmail, IsNotEmpty, IsOptional, MaxLength } from 'class-validator';
import { Field, Float, InputType, Int } from 'type-graphql';
import { type UpdateCompanySettings } from '../../domain/billing/commands';
import { NOT_A_COUNTRY } from '../../domain/invoice/vat';
import { InputConversion, IsCleanText } from '../platform/graphql/validators';

/**
 * GraphQL inputs. Each validates itself (class-validator) and builds the service's command with the
 * domain's own parsers for money and rates; field errors name the input's fields.
 */

const BLANK = { message: 'This field may not be blank.' };

@InputType()
export class CompanySettingsInput {
  @Field(() => String) @IsNotEmpty(BLANK) @MaxLength(200) @IsCleanText('single') name!: string;
  @Field(() => String) @MaxLength(500) @IsCleanText('multi') address!: string;
  @Field(() => String) @MaxLength(50) @IsCleanText('single') phone!: string;
  @Field(() => String) @IsEmail({}, { message: 'Enter a valid email address.' }) @MaxLength(254) @IsCleanText('single') email!: string;
  @Field(() => String) @MaxLength(100) @IsCleanText('single') registrationNumber!: string;
  @Field(() => String) @MaxLength(100) @IsCleanText('single') vatNumber!: string;
  @Field(() => String) @MaxLength(200) @IsCleanText('single') jurisdiction!: string;
  @Field(() => String, { nullable: true, description: 'ISO 3166-1 alpha-2; absent: unchanged.' }) @IsOptional() @MaxLength(2, { message: NOT_A_COUNTRY }) @IsCleanText('single') country?: string;
  @Field(() => String, { nullable: true, description: 'The default bank account’s IBAN (the one invoices print; also edited on the Bank page); absent: unchanged. Once set it cannot be emptied here: make another bank account the default instead.' }) @IsOptional() @MaxLength(42) @IsCleanText('single') iban?: string;
  @Field(() => String, { nullable: true, description: 'The default bank account’s BIC; empty removes it; absent: unchanged.' }) @IsOptional() @MaxLength(11, { message: 'Enter a valid BIC (8 or 11 letters and digits).' }) @IsCleanText('single') bic?: string;
  @Field(() => Float, { nullable: true, description: 'Percent, 0 to 100, at most two decimals: what new products and invoice lines start with. Absent: unchanged.' })
  @IsOptional()
  standardVatRate?: number;
  @Field(() => [Int], { nullable: true, description: 'Payment reminder days from the due date (negative: before it), -60 to 365, each once, at most 10; empty: no reminders; absent: unchanged.' })
  @IsOptional()
  reminderDays?: number[];

  toCommand(): UpdateCompanySettings {
    const convert = new InputConversion();
    return convert.done({
      name: this.name.trim(),
      address: this.address.trim(),
      phone: this.phone.trim(),
      email: this.email.trim(),
      registrationNumber: this.registrationNumber.trim(),
      vatNumber: this.vatNumber.trim(),
      jurisdiction: this.jurisdiction.trim(),
      ...(this.country != null ? { country: this.country } : {}),
      ...(this.iban != null ? { iban: this.iban } : {}),
      ...(this.bic != null ? { bic: this.bic } : {}),
      ...(this.standardVatRate != null ? { standardVatRateBp: convert.basisPoints(this.standardVatRate, 'standardVatRate') } : {}),
      ...(this.reminderDays != null ? { reminderDays: this.reminderDays } : {}),
    });
  }
}
