import { z } from 'zod';

/** The pieces REST answers are made of, as zod schemas for the OpenAPI document. */

export const wId = z.string().meta({ format: 'uuid' });
/** Euros as a JSON number with at most two decimals (the books keep integer cents). */
export const wMoney = z.number().meta({ description: 'Euros (at most two decimals).' });
/** An amount in the document's own currency, as a JSON number with at most two decimals. */
export const wAmount = z.number().meta({ description: 'An amount in its currency (at most two decimals).' });
export const wDate = z.string().meta({ format: 'date' });
export const wDateTime = z.string().meta({ format: 'date-time' });
/** An ISO 4217 code. */
export const wCurrency = z.string().meta({ description: 'ISO 4217 currency code.', examples: ['EUR'] });

export const ErrorBody = z
  .object({
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional().meta({ description: 'Per field (REST names, dotted for nested ones), the problems found.' }),
    reason: z.string().optional().meta({ description: 'Why, for a client that words the refusal itself (`BOOKS_LOCKED`).' }),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional().meta({ description: 'What the reason fills in.' }),
  })
  .meta({ id: 'Error', description: 'Every refusal and failure: a message, and per-field problems on a 400.' });

export const SavedAnswer = z
  .object({
    message: z.string(),
    pending: z.literal(true),
    id: z.string().meta({ description: 'The saved record.' }),
    ids: z.array(z.string()),
  })
  .meta({ id: 'SavedPending', description: 'The write was saved but its answer could not be read: do not send it again.' });

/** A statement's query (clients' and the portal's; `api/platform/period.ts` reads it): the period and the language to print it in. */
export const statementPeriodQuery = z.object({
  from: wDate.optional().meta({ description: 'First day (default: 1 January of `to`’s year). Must be on or before `to`.' }),
  to: wDate.optional().meta({ description: 'Last day (default: today).' }),
  lang: z.enum(['en', 'el', 'ru']).optional().meta({ description: 'The language to print it in (default: the request’s language; another value is ignored).' }),
});

/** Every write under /api/ takes it (api/platform/http/idempotency.ts): the OpenAPI document adds it to each. */
export const idempotencyKeyHeader = z.object({
  'Idempotency-Key': z.string().optional().meta({ description: 'A retry with the same key and body answers as the first did and writes nothing more; the same key with another body is a 409.' }),
});
