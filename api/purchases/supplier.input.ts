import { IsInt, IsNotEmpty, IsOptional, MaxLength, Min } from 'class-validator';
import { Field, Float, ID, InputType, Int } from 'type-graphql';
import type { SaveSupplier } from '../../domain/purchases/supplier';
import { InputConversion, IsCleanText } from '../platform/graphql/validators';

const BLANK = { message: 'This field may not be blank.' };

/** A supplier as GraphQL takes it; the domain checks the country, IBAN, rate and terms. */
@InputType()
export class SupplierInput {
  @Field(() => String) @IsNotEmpty(BLANK) @MaxLength(200) @IsCleanText('single') name!: string;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(50) @IsCleanText('single') vatNumber?: string | null;
  @Field(() => String, { description: 'ISO 3166-1 alpha-2.' }) @IsNotEmpty(BLANK) @MaxLength(2) country!: string;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(500) @IsCleanText('multi') address?: string | null;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(42) @IsCleanText('single') iban?: string | null;
  @Field(() => ID, { nullable: true, description: 'An expense or asset account a new bill line of this supplier is booked to.' }) @IsOptional() defaultAccountId?: string | null;
  @Field(() => Float, { nullable: true, description: 'Percent.' }) @IsOptional() defaultVatRate?: number | null;
  @Field(() => Int, { nullable: true, description: 'Days from a bill’s date to its due date (30 when absent).' }) @IsOptional() @IsInt() paymentTermsDays?: number | null;
  @Field(() => Int, { nullable: true }) @IsOptional() @Min(0) version?: number;

  toCommand(): SaveSupplier {
    const convert = new InputConversion();
    const command: SaveSupplier = {
      name: this.name,
      vatNumber: this.vatNumber ?? '',
      country: this.country,
      address: this.address ?? '',
      iban: this.iban || null,
      defaultAccountId: this.defaultAccountId || null,
      defaultVatRateBp: convert.basisPoints(this.defaultVatRate ?? 0, 'defaultVatRate'),
      paymentTermsDays: this.paymentTermsDays ?? 30,
      expectedVersion: this.version ?? undefined,
    };
    return convert.done(command);
  }
}
