import { IsUUID, MaxLength } from 'class-validator';
import { Field, Float, ID, InputType } from 'type-graphql';
import { MAX_DESCRIPTION } from '../../domain/journal/decide';
import type { SingleLineEntry } from '../../domain/journal/single-line';
import { InputConversion, IsCleanText, IsIsoDay } from '../platform/graphql/validators';

/** The single-line command's fields as this input names them. */
export const SINGLE_LINE_INPUT_NAMES = {
  debitCents: 'debit',
  creditCents: 'credit',
  'lines.0.accountId': 'accountId',
  'lines.0.debitCents': 'debit',
  'lines.0.creditCents': 'credit',
};

/** The spec's one-account journal entry; the server posts the other side to Suspense. */
@InputType()
export class SingleLineJournalEntryInput {
  @Field(() => String, { description: 'YYYY-MM-DD' })
  @IsIsoDay()
  date!: string;

  @Field(() => ID)
  @IsUUID('all', { message: 'Incorrect type. Expected pk value.' })
  accountId!: string;

  @Field(() => Float, { defaultValue: 0, description: 'Euros, at most two decimals.' })
  debit!: number;

  @Field(() => Float, { defaultValue: 0, description: 'Euros, at most two decimals.' })
  credit!: number;

  @Field(() => String, { defaultValue: '' })
  @MaxLength(MAX_DESCRIPTION)
  @IsCleanText('multi')
  description!: string;

  toEntry(): SingleLineEntry {
    const convert = new InputConversion();
    const entry = {
      date: this.date,
      accountId: this.accountId.toLowerCase(),
      debitCents: convert.cents(this.debit ?? 0, 'debit'),
      creditCents: convert.cents(this.credit ?? 0, 'credit'),
      description: this.description ?? '',
    };
    return convert.done(entry);
  }
}
