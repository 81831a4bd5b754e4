import { IsOptional, IsUUID, Min } from 'class-validator';
import { Field, ID, InputType, Int } from 'type-graphql';
import type { SubscriptionStatus } from '../../domain/billing/billing-state';
import { type SaveSubscription } from '../../domain/billing/commands';
import { ValidationError } from '../../domain/shared/errors';
import { IsIsoDay } from '../platform/graphql/validators';
import { SELECT_CLIENT_AND_PRODUCT } from './subscription.schema';
import { SubscriptionStatusEnum } from './subscription.output';
import { REQUIRED } from '../platform/wire';

@InputType()
export class SubscriptionInput {
  @Field(() => ID, { nullable: true }) @IsOptional() @IsUUID('all', { message: 'Invalid pk - client does not exist.' }) clientId?: string;
  @Field(() => ID, { nullable: true }) @IsOptional() @IsUUID('all', { message: 'Invalid pk - product does not exist.' }) productId?: string;
  @Field(() => String, { description: 'YYYY-MM-DD.' }) @IsIsoDay() startDate!: string;
  @Field(() => SubscriptionStatusEnum, { nullable: true }) @IsOptional() status?: SubscriptionStatus;
  @Field(() => Boolean, { nullable: true }) @IsOptional() autoGenerateInvoices?: boolean;
  @Field(() => Int, { nullable: true }) @IsOptional() @Min(0) version?: number;

  toCommand(): SaveSubscription {
    if (!this.clientId || !this.productId) {
      const errors = { ...(this.clientId ? {} : { clientId: [REQUIRED] }), ...(this.productId ? {} : { productId: [REQUIRED] }) };
      throw new ValidationError(SELECT_CLIENT_AND_PRODUCT, errors);
    }
    return {
      clientId: this.clientId.toLowerCase(),
      productId: this.productId.toLowerCase(),
      startDate: this.startDate,
      status: this.status ?? 'active',
      autoGenerateInvoices: this.autoGenerateInvoices ?? true,
      expectedVersion: this.version ?? undefined,
    };
  }
}
