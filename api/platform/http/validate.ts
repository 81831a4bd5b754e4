import { z } from 'zod';
import { ValidationError } from '../../../domain/shared/errors';

/** Parses input with a zod schema; failures become a ValidationError with per-field messages. */
export const parseInput = <T extends z.ZodType>(schema: T, input: unknown, message = 'Please correct the errors below.'): z.infer<T> => {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length ? issue.path.join('.') : 'non_field_errors';
    (errors[field] ??= []).push(issue.message);
  }
  throw new ValidationError(message, errors);
};
