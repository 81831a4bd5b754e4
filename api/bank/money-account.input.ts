import { IsNotEmpty, IsOptional, MaxLength, Min } from 'class-validator';
import { Field, InputType, Int } from 'type-graphql';
import { NAME_MAX_LENGTH, type MoneyAccountKind, type SaveMoneyAccount } from '../../domain/bank/money-account';
import { IsCleanText } from '../platform/graphql/validators';
import { MoneyAccountKindEnum } from './money-account.output';

const BLANK = { message: 'This field may not be blank.' };

@InputType()
export class MoneyAccountInput {
  @Field(() => String) @IsNotEmpty(BLANK) @MaxLength(NAME_MAX_LENGTH) @IsCleanText('single') name!: string;
  @Field(() => MoneyAccountKindEnum, { nullable: true, description: 'bank (the default) or cash.' }) @IsOptional() kind?: MoneyAccountKind;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(50) @IsCleanText('single') iban?: string | null;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(20) @IsCleanText('single') bic?: string | null;
  @Field(() => Boolean, { nullable: true }) @IsOptional() isDefault?: boolean;
  @Field(() => Int, { nullable: true }) @IsOptional() @Min(0) version?: number;

  toCommand(): SaveMoneyAccount {
    return {
      name: this.name.trim(),
      kind: this.kind ?? 'bank',
      iban: this.iban?.trim() || null,
      bic: this.bic?.trim() || null,
      isDefault: this.isDefault ?? false,
      expectedVersion: this.version ?? undefined,
    };
  }
}
