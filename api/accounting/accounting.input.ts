import { ArrayMaxSize, ArrayMinSize, IsIn, IsOptional, Length, Matches, MaxLength, ValidateNested } from 'class-validator';
import { Field, Float, ID, InputType } from 'type-graphql';
import { ACCOUNT_TYPES, CASH_FLOW_CLASSES } from '../../domain/accounting/accounts';
import { MAX_DESCRIPTION, MAX_LINES } from '../../domain/journal/decide';
import type { JournalLine, PostedLines } from '../../domain/journal/events';
import type { VatCategory } from '../../domain/invoice/vat';
import { parseEuros, parseVatRate } from '../../domain/shared/money';
import { ValidationError, type FieldErrors } from '../../domain/shared/errors';
import { IsCleanText } from '../platform/graphql/validators';

@InputType()
export class CreateAccountInput {
  @Field(() => String)
  @Length(1, 100)
  @IsCleanText('single')
  accountName!: string;

  @Field(() => String, { description: 'asset, liability, equity, revenue or expense' })
  @IsIn([...ACCOUNT_TYPES])
  type!: string;

  @Field(() => String, { description: 'cash, operating, investing or financing' })
  @IsIn([...CASH_FLOW_CLASSES])
  cashFlowClass!: string;

  @Field(() => String, { nullable: true, description: 'Digits; the next free code of the type when omitted.' })
  @IsOptional()
  @Matches(/^\d{3,8}$/)
  code?: string | null;
}

@InputType()
export class JournalLineInput {
  @Field(() => ID)
  accountId!: string;

  @Field(() => Float, { defaultValue: 0, description: 'Euros, at most two decimals.' })
  debit!: number;

  @Field(() => Float, { defaultValue: 0, description: 'Euros, at most two decimals.' })
  credit!: number;

  @Field(() => String, { nullable: true, description: 'VAT category S, Z, E or AE: on an expense line the base of a purchase, on a VAT account line its input VAT.' })
  @IsOptional()
  @IsCleanText('single')
  vatCategory?: string | null;

  @Field(() => Float, { nullable: true, description: 'VAT rate in percent, with vatCategory.' })
  @IsOptional()
  vatRate?: number | null;

  @Field(() => Boolean, { defaultValue: false, description: 'On a VAT account line: a payment to or refund from the tax authority, left out of the VAT return.' })
  vatSettlement!: boolean;
}

@InputType()
export class JournalEntryInput {
  @Field(() => String, { description: 'YYYY-MM-DD' })
  @IsCleanText('single')
  date!: string;

  @Field(() => String, { defaultValue: '' })
  @MaxLength(MAX_DESCRIPTION)
  @IsCleanText('multi')
  description!: string;

  @Field(() => [JournalLineInput], { description: 'Two or more lines whose debits equal their credits.' })
  @ArrayMinSize(2)
  @ArrayMaxSize(MAX_LINES)
  @ValidateNested({ each: true })
  lines!: JournalLineInput[];
}

/** A line's optional VAT tag as the command takes it (the rules follow in decide). */
const lineVat = (line: JournalLineInput, i: number, errors: FieldErrors): Pick<JournalLine, 'vatCategory' | 'vatRateBp' | 'vatSettlement'> => {
  const out: Pick<JournalLine, 'vatCategory' | 'vatRateBp' | 'vatSettlement'> = {};
  if (line.vatCategory !== undefined && line.vatCategory !== null && line.vatCategory !== '') out.vatCategory = line.vatCategory as VatCategory;
  if (line.vatRate !== undefined && line.vatRate !== null) {
    const parsed = parseVatRate(line.vatRate);
    if (parsed.ok) out.vatRateBp = parsed.value;
    else errors[`lines.${i}.vatRate`] = [parsed.error];
  }
  if (line.vatSettlement) out.vatSettlement = true;
  return out;
};

/** GraphQL euros to cents with the same strict parser as REST; errors name the line's field. */
export const toPosted = (input: JournalEntryInput): PostedLines => {
  const errors: FieldErrors = {};
  const lines = input.lines.map((line, i) => {
    const side = (field: 'debit' | 'credit') => {
      const parsed = parseEuros(line[field] ?? 0);
      if (parsed.ok) return parsed.value;
      errors[`lines.${i}.${field}`] = [parsed.error];
      return 0;
    };
    return { accountId: line.accountId, debitCents: side('debit'), creditCents: side('credit'), ...lineVat(line, i, errors) };
  });
  const first = Object.values(errors)[0];
  if (first) throw new ValidationError(first[0]!, errors);
  return { date: input.date, description: input.description ?? '', lines };
};
