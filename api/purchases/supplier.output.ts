import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import type { SupplierWire } from './supplier.service';

/** A supplier: the REST wire object in camelCase. */
@ObjectType('Supplier')
export class SupplierOutput {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => String) vatNumber!: string;
  @Field(() => String, { description: 'ISO 3166-1 alpha-2.' }) country!: string;
  @Field(() => String) address!: string;
  @Field(() => String, { nullable: true }) iban!: string | null;
  @Field(() => ID, { nullable: true }) defaultAccountId!: string | null;
  @Field(() => Float, { description: 'Percent.' }) defaultVatRate!: number;
  @Field(() => Int) paymentTermsDays!: number;
  @Field(() => Int) version!: number;
  @Field(() => String) updatedAt!: string;

  static from(s: SupplierWire): SupplierOutput {
    return Object.assign(new SupplierOutput(), {
      id: s.id,
      name: s.name,
      vatNumber: s.vat_number,
      country: s.country,
      address: s.address,
      iban: s.iban,
      defaultAccountId: s.default_account,
      defaultVatRate: s.default_vat_rate,
      paymentTermsDays: s.payment_terms_days,
      version: s.version,
      updatedAt: s.updated_at,
    });
  }
}
