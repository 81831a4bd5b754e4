import { Field, InputType, Int } from 'type-graphql';
import { ValidationError } from '../../../domain/shared/errors';

@InputType()
export class PageInput {
  @Field(() => Int, { defaultValue: 0 })
  offset!: number;

  @Field(() => Int, { defaultValue: 50 })
  limit!: number;
}

export const pageOf = (page: PageInput | undefined): { offset: number; limit: number } => {
  const offset = page?.offset ?? 0;
  const limit = page?.limit ?? 50;
  if (!Number.isInteger(offset) || offset < 0) throw new ValidationError('Please correct the errors below.', { offset: ['Must be 0 or more.'] });
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw new ValidationError('Please correct the errors below.', { limit: ['Must be between 1 and 500.'] });
  return { offset, limit };
};
