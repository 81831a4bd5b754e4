import { Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { MoneyAccountKind } from '../../domain/bank/money-account';
import type { MoneyAccountDefaultsWire, MoneyAccountWire } from './money-account.service';

export enum MoneyAccountKindEnum {
  bank = 'bank',
  cash = 'cash',
}
registerEnumType(MoneyAccountKindEnum, { name: 'MoneyAccountKind', description: 'A bank account, or the cash box.' });

@ObjectType('MoneyAccountLedger', { description: 'The ledger account a money account posts to.' })
export class MoneyAccountLedgerOutput {
  @Field(() => ID) id!: string;
  @Field(() => String) code!: string;
  @Field(() => String) name!: string;
}

@ObjectType('MoneyAccount', { description: 'A bank account or the cash box, with its ledger account and balance.' })
export class MoneyAccountOutput {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => MoneyAccountKindEnum) kind!: MoneyAccountKind;
  @Field(() => String, { nullable: true, description: 'Printed in groups of four.' }) iban!: string | null;
  @Field(() => String, { nullable: true }) bic!: string | null;
  @Field(() => Boolean, { description: 'The bank account invoices print and bank transfers go to unless told otherwise.' }) isDefault!: boolean;
  @Field(() => MoneyAccountLedgerOutput) ledgerAccount!: MoneyAccountLedgerOutput;
  @Field(() => Float, { description: 'Euros: its ledger account’s balance through today.' }) ledgerBalance!: number;
  @Field(() => Int) version!: number;

  static from(w: MoneyAccountWire): MoneyAccountOutput {
    return Object.assign(new MoneyAccountOutput(), {
      id: w.id,
      name: w.name,
      kind: w.kind,
      iban: w.iban,
      bic: w.bic,
      isDefault: w.is_default,
      ledgerAccount: Object.assign(new MoneyAccountLedgerOutput(), w.ledger_account),
      ledgerBalance: w.ledger_balance,
      version: w.version,
    });
  }
}

@ObjectType('MoneyAccountDefaults', { description: 'The money account each payment method recorded by hand, and each Stripe payout, goes to unless told otherwise; null: the built-in rule.' })
export class MoneyAccountDefaultsOutput {
  @Field(() => ID, { nullable: true, description: 'Bank transfers (null: the default bank account).' }) bank!: string | null;
  @Field(() => ID, { nullable: true, description: 'Payments marked manual (null: the default bank account).' }) manual!: string | null;
  @Field(() => ID, { nullable: true, description: 'Cash (null: the first cash box).' }) cash!: string | null;
  @Field(() => ID, { nullable: true, description: 'Other payments (null: the default bank account).' }) other!: string | null;
  @Field(() => ID, { nullable: true, description: 'Stripe payouts (null: the books’ own Bank account, 1000).' }) payout!: string | null;

  static from(w: MoneyAccountDefaultsWire): MoneyAccountDefaultsOutput {
    return Object.assign(new MoneyAccountDefaultsOutput(), w);
  }
}
