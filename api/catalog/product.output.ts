import { Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { BillingCycle } from '../../domain/billing/periods';
import type { ProductWire } from './product.service';

/** GraphQL shapes of the billing resources: the REST wire objects in camelCase. Amounts are euros. */

export enum BillingCycleEnum {
  one_time = 'one_time',
  monthly = 'monthly',
  annually = 'annually',
}
registerEnumType(BillingCycleEnum, { name: 'BillingCycle' });

@ObjectType('Product')
export class ProductOutput {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => Float) price!: number;
  @Field(() => BillingCycleEnum) billingCycle!: BillingCycle;
  @Field(() => Float, { description: 'Percent.' }) vatRate!: number;
  @Field(() => Int) version!: number;

  static from(p: ProductWire): ProductOutput {
    return Object.assign(new ProductOutput(), { id: p.id, name: p.name, price: p.price, billingCycle: p.billing_cycle, vatRate: p.vat_rate, version: p.version });
  }
}
