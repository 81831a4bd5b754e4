import { MaxLength } from 'class-validator';
import { Field, Float, ID, InputType } from 'type-graphql';
import { MAX_DESCRIPTION } from '../../domain/journal/decide';

/** The spec's one-account journal entry; the server posts the other side to Suspense. */
@InputType()
export class SingleLineJournalEntryInput {
  @Field(() => String, { description: 'YYYY-MM-DD' })
  date!: string;

  @Field(() => ID)
  accountId!: string;

  @Field(() => Float, { defaultValue: 0, description: 'Euros, at most two decimals.' })
  debit!: number;

  @Field(() => Float, { defaultValue: 0, description: 'Euros, at most two decimals.' })
  credit!: number;

  @Field(() => String, { defaultValue: '' })
  @MaxLength(MAX_DESCRIPTION)
  description!: string;
}
