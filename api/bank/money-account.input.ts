import { IsNotEmpty, IsOptional, IsUUID, MaxLength, Min } from 'class-validator';
import { Field, ID, InputType, Int } from 'type-graphql';
import { NAME_MAX_LENGTH, type DefaultPurpose, type MoneyAccountKind, type SaveMoneyAccount } from '../../domain/bank/money-account';
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

const NO_ACCOUNT = { message: 'Choose one of the bank accounts or cash on hand.' };

@InputType({ description: 'Every purpose’s money account; null or absent: the built-in rule.' })
export class MoneyAccountDefaultsInput {
  @Field(() => ID, { nullable: true }) @IsOptional() @IsUUID('all', NO_ACCOUNT) bank?: string | null;
  @Field(() => ID, { nullable: true }) @IsOptional() @IsUUID('all', NO_ACCOUNT) manual?: string | null;
  @Field(() => ID, { nullable: true }) @IsOptional() @IsUUID('all', NO_ACCOUNT) cash?: string | null;
  @Field(() => ID, { nullable: true }) @IsOptional() @IsUUID('all', NO_ACCOUNT) other?: string | null;
  @Field(() => ID, { nullable: true }) @IsOptional() @IsUUID('all', NO_ACCOUNT) payout?: string | null;

  toCommand(): Partial<Record<DefaultPurpose, string | null>> {
    const id = (v: string | null | undefined) => v?.toLowerCase() ?? null;
    return { bank: id(this.bank), manual: id(this.manual), cash: id(this.cash), other: id(this.other), payout: id(this.payout) };
  }
}
