import { IsEmail, IsIn, IsNotEmpty, IsOptional, MaxLength, Min } from 'class-validator';
import { Field, InputType, Int } from 'type-graphql';
import { CLIENT_LANGUAGES, type ClientLanguage, type SaveClient } from '../../domain/billing/commands';
import { NOT_A_COUNTRY } from '../../domain/invoice/vat';
import { IsCleanText } from '../platform/graphql/validators';
import { CLIENT_CURRENCY_INVALID } from '../../domain/currency/currencies';

/**
 * GraphQL inputs. Each validates itself (class-validator) and builds the service's command with the
 * domain's own parsers for money and rates; field errors name the input's fields.
 */

const BLANK = { message: 'This field may not be blank.' };
const optionalText = (v: string | null | undefined) => (v ?? '').trim();

@InputType()
export class ClientInput {
  @Field(() => String) @IsNotEmpty(BLANK) @MaxLength(200) @IsCleanText('single') name!: string;
  @Field(() => String) @IsEmail({}, { message: 'Enter a valid email address.' }) @MaxLength(254) @IsCleanText('single') email!: string;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(50) @IsCleanText('single') phone?: string;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(500) @IsCleanText('multi') address?: string;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(50) @IsCleanText('single') vatNumber?: string;
  @Field(() => String, { nullable: true, description: 'en, el or ru; absent: en (create) or unchanged (update).' }) @IsOptional() @IsIn([...CLIENT_LANGUAGES]) language?: ClientLanguage;
  @Field(() => String, { nullable: true, description: "ISO 3166-1 alpha-2; absent: the company's country (create) or unchanged (update)." })
  @IsOptional()
  @MaxLength(2, { message: NOT_A_COUNTRY })
  @IsCleanText('single')
  country?: string;
  @Field(() => Boolean, { nullable: true, description: 'No payment reminders to this client; absent: false (create) or unchanged (update).' })
  @IsOptional()
  remindersExcluded?: boolean;
  @Field(() => String, { nullable: true, description: 'ISO 4217, the currency of its invoices: EUR or one the ECB quotes; absent: EUR (create) or unchanged (update).' })
  @IsOptional()
  @MaxLength(3, { message: CLIENT_CURRENCY_INVALID })
  @IsCleanText('single')
  currency?: string;
  @Field(() => Int, { nullable: true }) @IsOptional() @Min(0) version?: number;

  toCommand(): SaveClient {
    return {
      name: this.name.trim(),
      email: this.email.trim(),
      phone: optionalText(this.phone),
      address: optionalText(this.address),
      vatNumber: optionalText(this.vatNumber),
      language: this.language ?? undefined,
      country: this.country?.trim() || undefined,
      remindersExcluded: this.remindersExcluded ?? undefined,
      currency: this.currency?.trim().toUpperCase() || undefined,
      expectedVersion: this.version ?? undefined,
    };
  }
}
