import type { AgingBucket } from '../../domain/accounting/aging';
import { z } from 'zod';
import { isIsoDate } from '../../domain/shared/dates';
import { FIELD_MAX_LENGTH, isEmailAddress } from '../../domain/site/form-rules';
import { FIELD_BLANK, FIELD_REQUIRED, NotFoundError, TOO_LONG } from '../../domain/shared/errors';
import { textProblem, type TextLines } from '../../domain/shared/text';
import { fillWording } from '../../domain/shared/wording';
import { parseEuros, parseQuantity, parseSignedEuros, parseVatRate, type Parsed } from '../../domain/shared/money';

/** Request-field rules shared by the billing resources (REST and GraphQL both validate with these). */

export const REQUIRED = FIELD_REQUIRED;
/** A UUID in any case (a literal, so the ReDoS check reads it; nothing builds patterns at run time). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Malformed ids are answered like unknown ones (404), never passed to a uuid column. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** Ids in paths: a malformed one names nothing, so it is a 404 like an unknown one. */
export const pathId = (value: unknown, what = 'Not found.'): string => {
  if (!isUuid(value)) throw new NotFoundError(what);
  return value.toLowerCase();
};

const missingOr = (message: string) => (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? REQUIRED : message);

/** The domain's clean-text rule as a zod refinement: control characters, and line breaks in a one-line field, are refused. */
export const cleanText =
  (lines: TextLines) =>
  (value: string, ctx: z.RefinementCtx): void => {
    const problem = textProblem(value, lines);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
  };

/** A text field: one line unless `lines` is 'multi' (addresses, reasons, descriptions of entries, messages). */
export const zText = (max = 500, lines: TextLines = 'single') =>
  z
    .string({ error: missingOr('Not a valid string.') })
    .trim()
    .max(max, fillWording(TOO_LONG, { max }))
    .superRefine(cleanText(lines));

export const zRequiredText = (max = 500, lines: TextLines = 'single') => zText(max, lines).min(1, FIELD_BLANK);

export const zOptionalText = (max = 500, lines: TextLines = 'single') =>
  z.union([zText(max, lines), z.null()]).optional().transform((v) => v ?? '');

export const zEmail = z
  .string({ error: missingOr('Not a valid string.') })
  .trim()
  .min(1, 'This field may not be blank.')
  .max(FIELD_MAX_LENGTH.email, `Ensure this field has no more than ${FIELD_MAX_LENGTH.email} characters.`)
  .superRefine(cleanText('single'))
  .refine((v) => v.length > FIELD_MAX_LENGTH.email || isEmailAddress(v), 'Enter a valid email address.');

export const zDate = z
  .string({ error: missingOr('Date has wrong format. Use one of these formats instead: YYYY-MM-DD.') })
  .refine(isIsoDate, 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.')
  .meta({ format: 'date' });

export const zId = (what: string) =>
  z
    .string({ error: missingOr(`Incorrect type. Expected pk value.`) })
    .refine(isUuid, `Invalid pk - ${what} does not exist.`)
    .transform((v) => v.toLowerCase())
    .meta({ format: 'uuid', description: `The ${what}'s id.` });

const blank = (value: unknown): boolean => value === undefined || value === null || value === '';

/** The parsed value, or the parser's refusal as the field's issue. */
const parsedValue = (parse: (v: unknown) => Parsed<number>, value: unknown, ctx: z.RefinementCtx): number => {
  const parsed = parse(value);
  if (!parsed.ok) {
    ctx.addIssue({ code: 'custom', message: parsed.error });
    return z.NEVER;
  }
  return parsed.value;
};

const fromParsed = (parse: (v: unknown) => Parsed<number>) =>
  z.unknown().transform((value, ctx) => {
    if (blank(value)) {
      ctx.addIssue({ code: 'custom', message: REQUIRED });
      return z.NEVER;
    }
    return parsedValue(parse, value, ctx);
  });

/** As fromParsed, but a missing, null or empty field is absent (undefined). */
const fromParsedOptional = (parse: (v: unknown) => Parsed<number>) =>
  z
    .unknown()
    .transform((value, ctx) => (blank(value) ? undefined : parsedValue(parse, value, ctx)))
    .optional();

/** Euros on the wire → integer cents. */
export const zCents = fromParsed(parseEuros).meta({ type: ['number', 'string'], description: 'An amount (euros unless its document is in another currency), at most two decimals: a number or a decimal string.' });
/** The same, absent (undefined) when the field is missing, null or empty. */
export const zOptionalCents = fromParsedOptional(parseEuros).meta({ type: ['number', 'string', 'null'], description: 'An amount (euros unless its document is in another currency), at most two decimals; absent, null or empty for none.' });
/** Euros that may be negative → signed cents (the domain says where a negative amount is allowed). */
export const zSignedCents = fromParsed(parseSignedEuros).meta({ type: ['number', 'string'], description: 'An amount, at most two decimals, negative where allowed.' });
/** Percent on the wire → basis points. */
export const zVatBp = fromParsed(parseVatRate).meta({ type: ['number', 'string'], description: 'Percent, at most two decimals.' });
/** The same, absent (undefined) when the field is missing, null or empty. */
export const zOptionalVatBp = fromParsedOptional(parseVatRate).meta({ type: ['number', 'string', 'null'], description: 'Percent, at most two decimals; absent, null or empty for none.' });
/** Quantity on the wire → thousandths. */
export const zQuantityMilli = fromParsed(parseQuantity).meta({ type: ['number', 'string'], description: 'A quantity, at most three decimals.' });

/** The optimistic-concurrency token a client may echo back on PUT. */
export const zVersion = z.number({ error: 'A valid integer is required.' }).int().min(0).optional();

export const zBool = (fallback: boolean) =>
  z.boolean({ error: 'Must be a valid boolean.' }).optional().transform((v) => v ?? fallback);

export const toIso = (v: unknown): string => (v instanceof Date ? v.toISOString() : String(v));

/** Absent, null or '' take `fallback`, then the value goes through `schema`. */
export const zDefaulted = <T extends z.ZodType>(fallback: unknown, schema: T) => {
  const defaulted = z
    .unknown()
    .optional()
    .transform((v): unknown => (v === undefined || v === null || v === '' ? fallback : v))
    .pipe(schema);
  // The OpenAPI document describes what `schema` accepts (absent, null or empty taking the default).
  const meta = schema.meta();
  if (!meta) return defaulted;
  const types = Array.isArray(meta.type) ? [...new Set([...(meta.type as string[]), 'null'])] : meta.type;
  return defaulted.meta({ ...meta, type: types, description: [meta.description, `Absent, null or empty: ${JSON.stringify(fallback)}.`].filter(Boolean).join(' ') });
};

/** `updated_at` echoed back on PUT: the other optimistic-concurrency token. */
export const zUpdatedAt = z
  .string({ error: 'Datetime has wrong format.' })
  .refine((v) => !Number.isNaN(Date.parse(v)), 'Datetime has wrong format.')
  .optional();

/** The aging buckets as the aged reports (receivables, payables) name them on the wire. */
export const AGING_REST_NAMES: Record<AgingBucket, string> = { current: 'current', days1to30: 'days_1_30', days31to60: 'days_31_60', days61to90: 'days_61_90', over90: 'over_90' };
