import type { ViesCheck } from './vies.service';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import type { ClientWire } from './client.wire';

@ObjectType('ClientUser')
export class ClientUserOutput {
  @Field(() => ID) id!: string;
  @Field(() => String) username!: string;
}

@ObjectType('Client')
export class ClientOutput {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => String) email!: string;
  @Field(() => String) phone!: string;
  @Field(() => String) address!: string;
  @Field(() => String) vatNumber!: string;
  @Field(() => String, { description: 'en, el or ru: the language of e-mails to the client.' }) language!: string;
  @Field(() => String, { description: 'ISO 3166-1 alpha-2.' }) country!: string;
  @Field(() => Boolean, { description: 'No payment reminders are sent to this client.' }) remindersExcluded!: boolean;
  @Field(() => String, { description: 'ISO 4217: the currency of its invoices (EUR unless set otherwise).' }) currency!: string;
  @Field(() => String) createdAt!: string;
  @Field(() => ClientUserOutput, { nullable: true }) user!: ClientUserOutput | null;
  @Field(() => Int, { description: 'Echo it on update for a conflict error when someone else changed the client.' }) version!: number;

  static from(c: ClientWire): ClientOutput {
    return Object.assign(new ClientOutput(), { ...c, vatNumber: c.vat_number, remindersExcluded: c.reminders_excluded, createdAt: c.created_at });
  }
}

@ObjectType('ClientPage')
export class ClientPage {
  @Field(() => [ClientOutput]) items!: ClientOutput[];
  @Field(() => Int) total!: number;
}

@ObjectType('CreatedClientUser')
export class CreatedClientUser {
  @Field(() => String) username!: string;
  @Field(() => String, { description: 'Shown once; also e-mailed to the client.' }) password!: string;
}

@ObjectType('ViesCheck', { description: "One VIES check of the client's VAT number: the evidence, with its date, that it was registered for intra-EU trade." })
export class ViesCheckOutput {
  @Field(() => ID) id!: string;
  @Field(() => String) checkedAt!: string;
  @Field(() => String, { description: "VIES's member state code (EL for Greece)." }) countryCode!: string;
  @Field(() => String, { description: 'The number as checked, without its prefix.' }) vatNumber!: string;
  @Field(() => Boolean) valid!: boolean;
  @Field(() => String, { description: 'The day VIES answered for.' }) requestDate!: string;
  @Field(() => String, { nullable: true, description: "VIES's consultation number." }) requestIdentifier!: string | null;
  @Field(() => String, { nullable: true }) name!: string | null;
  @Field(() => String, { nullable: true }) address!: string | null;

  static from(c: ViesCheck): ViesCheckOutput {
    return Object.assign(new ViesCheckOutput(), c);
  }
}
