import { ValidateBy, type ValidationOptions } from 'class-validator';
import type { ValidatorFn } from 'type-graphql';
import { isIsoDate } from '../../../domain/shared/dates';
import { ValidationError, type FieldErrors } from '../../../domain/shared/errors';
import { parseEuros, parseQuantity, parseVatRate, type Parsed } from '../../../domain/shared/money';
import { TEXT_FAULT_MESSAGES, textProblem, type TextLines } from '../../../domain/shared/text';

/** A calendar day 'YYYY-MM-DD' that exists (the domain's rule). */
export const IsIsoDay = (options?: ValidationOptions): PropertyDecorator =>
  ValidateBy(
    { name: 'isIsoDay', validator: { validate: (value) => isIsoDate(value), defaultMessage: () => 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.' } },
    options,
  );

/**
 * The domain's clean-text rule on an input field (domain/shared/text): control characters are
 * refused, and line breaks too unless the field holds several lines (addresses, reasons, entry
 * descriptions). Every String field of an input carries it; the clean-text test enumerates them.
 */
export const IsCleanText = (lines: TextLines, options?: ValidationOptions): PropertyDecorator =>
  ValidateBy(
    {
      name: lines === 'multi' ? 'isCleanMultiLineText' : 'isCleanText',
      validator: {
        validate: (value) => typeof value !== 'string' || !textProblem(value, lines),
        defaultMessage: (args) => (typeof args?.value === 'string' && textProblem(args.value, lines)) || TEXT_FAULT_MESSAGES.control,
      },
    },
    options,
  );

/**
 * The same rule on a scalar String argument (`@Arg('reason', () => String, { validateFn: cleanArg('reason', 'multi') })`),
 * which class-validator does not see: its refusal names the argument.
 */
export const cleanArg =
  (name: string, lines: TextLines): ValidatorFn =>
  (value: unknown) => {
    const problem = typeof value === 'string' ? textProblem(value, lines) : undefined;
    if (problem) throw new ValidationError(problem, { [name]: [problem] });
  };

/**
 * Converts GraphQL's decimal inputs (euros, percent, quantities) to the domain's integers with the
 * domain's own strict parsers, collecting every refusal under the input's field path.
 */
export class InputConversion {
  private readonly errors: FieldErrors = {};

  private take(parse: (v: unknown) => Parsed<number>, value: unknown, field: string): number {
    const parsed = parse(value);
    if (parsed.ok) return parsed.value;
    (this.errors[field] ??= []).push(parsed.error);
    return 0;
  }

  cents = (value: unknown, field: string): number => this.take(parseEuros, value, field);
  basisPoints = (value: unknown, field: string): number => this.take(parseVatRate, value, field);
  milli = (value: unknown, field: string): number => this.take(parseQuantity, value, field);

  /** Throws the collected refusals, if any; otherwise returns `value`. */
  done<T>(value: T): T {
    const first = Object.values(this.errors)[0];
    if (first) throw new ValidationError(first[0]!, this.errors);
    return value;
  }
}

/** Runs a service call, naming its field errors as the GraphQL input does, by whole path or segment (`{ lines: 'items' }`). */
export const withInputNames = async <T>(renames: Record<string, string>, run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ValidationError) throw err.withFieldNames((f) => renames[f] ?? f.split('.').map((s) => renames[s] ?? s).join('.'));
    throw err;
  }
};
