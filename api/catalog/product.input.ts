import { IsNotEmpty, IsOptional, MaxLength, Min } from 'class-validator';
import { Field, Float, InputType, Int } from 'type-graphql';
import type { BillingCycle } from '../../domain/billing/periods';
import { type SaveProduct } from '../../domain/billing/commands';
import { InputConversion, IsCleanText } from '../platform/graphql/validators';
import { BillingCycleEnum } from './product.output';

/**
 * GraphQL inputs. Each validates itself (class-validator) and builds the service's command with the
 * domain's own parsers for money and rates; field errors name the input's fields.
 */

const BLANK = { message: 'This field may not be blank.' };

@InputType()
export class ProductInput {
  @Field(() => String) @IsNotEmpty(BLANK) @MaxLength(200) @IsCleanText('single') name!: string;
  @Field(() => Float, { description: 'Euros, at most two decimals.' }) price!: number;
  @Field(() => BillingCycleEnum, { nullable: true }) @IsOptional() billingCycle?: BillingCycle;
  @Field(() => Float, { nullable: true, description: 'Percent.' }) @IsOptional() vatRate?: number;
  @Field(() => Int, { nullable: true }) @IsOptional() @Min(0) version?: number;

  toCommand(): SaveProduct {
    const convert = new InputConversion();
    const command = {
      name: this.name.trim(),
      priceCents: convert.cents(this.price, 'price'),
      billingCycle: this.billingCycle ?? 'one_time',
      vatRateBp: convert.basisPoints(this.vatRate ?? 0, 'vatRate'),
      expectedVersion: this.version ?? undefined,
    };
    return convert.done(command);
  }
}
