import { ArrayMaxSize, IsOptional, IsUUID, MaxLength, ValidateNested } from 'class-validator';
import { Arg, Authorized, Ctx, Field, ID, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { IsCleanText } from '../../platform/graphql/validators';
import { BOTH_OR_NEITHER, type MyDataSettings } from './settings';
import { ValidationError } from '../../../domain/shared/errors';
import type { GraphQLContext } from '../../platform/graphql/context';
import type { MyDataDocumentRow, MyDataState } from './transmissions';

@ObjectType('MyDataError', { description: "One of AADE's errors (its code and text), or the product's own refusal (code `document`)." })
class MyDataErrorOutput {
  @Field(() => String) code!: string;
  @Field(() => String) message!: string;
}

@ObjectType('MyDataHistoryEntry', { description: 'One step of a transmission: a call to myDATA, a look-up, a refusal, a request to send again.' })
class MyDataHistoryOutput {
  @Field(() => String) at!: string;
  @Field(() => String, { description: 'sent, lookup, build, retry.' }) action!: string;
  @Field(() => String, { nullable: true, description: 'transmitted, rejected, lost, refused, found, not_found; null while a call is under way.' }) outcome!: string | null;
  @Field(() => String, { nullable: true, description: 'JSON: the MARK, the errors or the message.' }) detail!: string | null;
  @Field(() => String, { nullable: true, description: 'The user who asked (send again).' }) actor!: string | null;
}

@ObjectType('MyDataTransmission', { description: "An invoice's or credit note's transmission to Greece's myDATA (AADE): its state, its MARK and QR URL once registered, AADE's errors, its history." })
export class MyDataTransmissionOutput {
  @Field(() => ID) documentId!: string;
  @Field(() => String, { nullable: true, description: 'invoice or credit_note; null when none is due.' }) kind!: string | null;
  @Field(() => String, { description: 'not_transmitted, pending, transmitted or failed.' }) status!: string;
  @Field(() => Boolean, { description: 'This installation transmits: myDATA credentials are set and the company is in Greece.' }) configured!: boolean;
  @Field(() => String, { nullable: true }) mark!: string | null;
  @Field(() => String, { nullable: true }) uid!: string | null;
  @Field(() => String, { nullable: true }) qrUrl!: string | null;
  @Field(() => String, { nullable: true }) authenticationCode!: string | null;
  @Field(() => String, { nullable: true, description: "AADE's document type (2.1, 2.2, 2.3, 5.1, 5.2)." }) invoiceType!: string | null;
  @Field(() => String, { nullable: true }) number!: string | null;
  @Field(() => [MyDataErrorOutput]) errors!: MyDataErrorOutput[];
  @Field(() => String, { nullable: true }) transmittedAt!: string | null;
  @Field(() => Int) attempts!: number;
  @Field(() => [MyDataHistoryOutput]) history!: MyDataHistoryOutput[];

  static from(s: MyDataState): MyDataTransmissionOutput {
    return Object.assign(new MyDataTransmissionOutput(), {
      ...s,
      errors: s.errors.map((e) => Object.assign(new MyDataErrorOutput(), e)),
      history: s.history.map((h) => Object.assign(new MyDataHistoryOutput(), { ...h, detail: h.detail === null ? null : JSON.stringify(h.detail) })),
    });
  }
}

@ObjectType('MyDataFailure', { description: 'A document AADE refused: it waits for a fix and for someone to send it again.' })
export class MyDataFailureOutput {
  @Field(() => ID) documentId!: string;
  @Field(() => String) kind!: string;
  @Field(() => ID) invoiceId!: string;
  @Field(() => String, { nullable: true }) number!: string | null;
  @Field(() => [MyDataErrorOutput]) errors!: MyDataErrorOutput[];

  static from(r: MyDataDocumentRow): MyDataFailureOutput {
    const errors = r.errors ? (JSON.parse(r.errors) as Array<{ code: string; message: string }>) : [];
    return Object.assign(new MyDataFailureOutput(), { documentId: r.document_id, kind: r.kind, invoiceId: r.invoice_id, number: r.number, errors: errors.map((e) => Object.assign(new MyDataErrorOutput(), e)) });
  }
}

@ObjectType('MyDataClassification', { description: 'An income classification: E3 code and category (AADE).' })
class MyDataClassificationOutput {
  @Field(() => String) type!: string;
  @Field(() => String) category!: string;
  @Field(() => String, { nullable: true, description: "AADE's name of the category, in English." }) categoryName!: string | null;
}

@ObjectType('MyDataTypeClassification', { description: 'The classification used on a service invoice type, and the ones AADE accepts there.' })
class MyDataTypeClassificationOutput {
  @Field(() => String, { description: '2.1 (buyer in Greece), 2.2 (in another member state), 2.3 (outside the EU); credit notes follow their invoice.' }) invoiceType!: string;
  @Field(() => MyDataClassificationOutput) chosen!: MyDataClassificationOutput;
  @Field(() => [MyDataClassificationOutput]) accepted!: MyDataClassificationOutput[];
}

@ObjectType('MyDataProductTypeClassification', { description: "A product's own classification on one service invoice type." })
class MyDataProductTypeClassificationOutput {
  @Field(() => String) invoiceType!: string;
  @Field(() => MyDataClassificationOutput) classification!: MyDataClassificationOutput;
}

@ObjectType('MyDataProductClassifications', { description: 'A catalogue product and the classifications it has of its own (the company’s apply to the other types).' })
class MyDataProductClassificationsOutput {
  @Field(() => ID) productId!: string;
  @Field(() => String) name!: string;
  @Field(() => [MyDataProductTypeClassificationOutput]) classifications!: MyDataProductTypeClassificationOutput[];
}

@ObjectType('MyDataSettings')
export class MyDataSettingsOutput {
  @Field(() => Boolean, { description: 'Credentials are set (MYDATA_*) and the company is in Greece.' }) configured!: boolean;
  @Field(() => String, { nullable: true }) endpoint!: string | null;
  @Field(() => [MyDataTypeClassificationOutput]) classifications!: MyDataTypeClassificationOutput[];
  @Field(() => [MyDataProductClassificationsOutput], { description: 'Every catalogue product, by name.' }) products!: MyDataProductClassificationsOutput[];

  static from(s: MyDataSettings): MyDataSettingsOutput {
    const cls = (c: { type: string; category: string; categoryName?: string }) => Object.assign(new MyDataClassificationOutput(), { type: c.type, category: c.category, categoryName: c.categoryName ?? null });
    return Object.assign(new MyDataSettingsOutput(), {
      configured: s.configured,
      endpoint: s.endpoint,
      classifications: s.classifications.map((c) => Object.assign(new MyDataTypeClassificationOutput(), { invoiceType: c.invoiceType, chosen: cls(c.chosen), accepted: c.accepted.map(cls) })),
      products: s.products.map((p) =>
        Object.assign(new MyDataProductClassificationsOutput(), {
          productId: p.productId,
          name: p.name,
          classifications: p.classifications.map((c) => Object.assign(new MyDataProductTypeClassificationOutput(), { invoiceType: c.invoiceType, classification: cls(c.classification) })),
        }),
      ),
    });
  }
}

@InputType('MyDataClassificationInput')
class MyDataClassificationInput {
  @Field(() => String) @MaxLength(10) @IsCleanText('single') invoiceType!: string;
  @Field(() => String) @MaxLength(40) @IsCleanText('single') type!: string;
  @Field(() => String) @MaxLength(40) @IsCleanText('single') category!: string;
}

@InputType('MyDataProductClassificationInput')
class MyDataProductClassificationInput {
  @Field(() => ID) @IsUUID('all', { message: 'Invalid pk - product does not exist.' }) productId!: string;
  @Field(() => String) @MaxLength(10) @IsCleanText('single') invoiceType!: string;
  @Field(() => String, { nullable: true, description: 'With category; both null: the company’s classification again.' }) @IsOptional() @MaxLength(40) @IsCleanText('single') type?: string | null;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(40) @IsCleanText('single') category?: string | null;
}

@InputType('MyDataSettingsInput')
class MyDataSettingsInput {
  @Field(() => [MyDataClassificationInput], { nullable: true, description: 'The classifications to set, by service invoice type; types left out keep theirs.' })
  @IsOptional()
  @ArrayMaxSize(10)
  @ValidateNested({ each: true })
  classifications?: MyDataClassificationInput[];
  @Field(() => [MyDataProductClassificationInput], { nullable: true, description: "Products' own classifications, by product and type." })
  @IsOptional()
  @ArrayMaxSize(3000)
  @ValidateNested({ each: true })
  products?: MyDataProductClassificationInput[];
}

@Resolver()
export class MyDataResolver {
  @Authorized('superuser')
  @Query(() => MyDataSettingsOutput, { description: 'myDATA: whether it is on, and the income classification per service invoice type.' })
  async myDataSettings(@Ctx() ctx: GraphQLContext): Promise<MyDataSettingsOutput> {
    return MyDataSettingsOutput.from(await ctx.services.billing.mydataSettings.read());
  }

  @Authorized('superuser')
  @Mutation(() => MyDataSettingsOutput, { description: "Sets the income classification of service invoice types, and products' own; each must be one AADE accepts there." })
  async setMyDataClassifications(@Arg('input', () => MyDataSettingsInput) input: MyDataSettingsInput, @Ctx() ctx: GraphQLContext): Promise<MyDataSettingsOutput> {
    const given = Object.fromEntries((input.classifications ?? []).map((c) => [c.invoiceType, { type: c.type, category: c.category }]));
    const products = (input.products ?? []).map((p, i) => {
      if (!p.type !== !p.category) throw new ValidationError('Please correct the errors below.', { [`products.${i}`]: [BOTH_OR_NEITHER] });
      return { productId: p.productId.toLowerCase(), invoiceType: p.invoiceType, classification: p.type && p.category ? { type: p.type, category: p.category } : null };
    });
    return MyDataSettingsOutput.from(await ctx.services.billing.mydataSettings.update({ classifications: given, products }, ctx.user!.id));
  }

  @Authorized('superuser')
  @Query(() => MyDataTransmissionOutput, { description: "An invoice's or credit note's myDATA transmission (by the document's id)." })
  async myDataTransmission(@Arg('documentId', () => ID) documentId: string, @Ctx() ctx: GraphQLContext): Promise<MyDataTransmissionOutput> {
    return MyDataTransmissionOutput.from(await ctx.services.billing.mydata.state(documentId));
  }

  @Authorized('superuser')
  @Query(() => [MyDataFailureOutput], { description: 'Documents AADE refused, newest first (the admin inbox).' })
  async myDataFailures(@Ctx() ctx: GraphQLContext): Promise<MyDataFailureOutput[]> {
    return (await ctx.services.billing.mydata.failures()).map(MyDataFailureOutput.from);
  }

  @Authorized('superuser')
  @Mutation(() => MyDataTransmissionOutput, { description: 'Sends a document AADE refused again, after its fix.' })
  async sendToMyDataAgain(@Arg('documentId', () => ID) documentId: string, @Ctx() ctx: GraphQLContext): Promise<MyDataTransmissionOutput> {
    return MyDataTransmissionOutput.from(await ctx.services.billing.mydata.sendAgain(documentId, ctx.user!.id));
  }
}
