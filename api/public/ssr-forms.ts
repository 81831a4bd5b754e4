import type { Request } from 'express';
import { RateLimitedError, ValidationError } from '../../domain/shared/errors';
import { addDays, dayOf } from '../../domain/shared/dates';
import { FORM_INVALID_MESSAGE } from '../../domain/site/form-rules';
import type { SsrFormState } from '../platform/contracts/ssr.contract';
import type { AppDeps } from '../platform/deps';
import { parseInput } from '../platform/http/validate';
import { spendRequestBudget } from '../platform/rate-limit/limiters';
import { requestLanguage } from '../platform/http/page-head';
import { contactSchema, demoSchema, HONEYPOT_FIELD } from './site-forms.schema';
import type { SiteInboxService } from './site-inbox.service';

const FIELDS = {
  contact: ['name', 'email', 'subject', 'message'],
  demo: ['name', 'email', 'company', 'date', 'time', 'message'],
} as const;

/** The posted fields of a form, as text (anything else a sender adds is dropped). */
const postedValues = (form: SsrFormState['form'], body: unknown): Record<string, string> => {
  const source = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  return Object.fromEntries(FIELDS[form].map((field) => [field, typeof source[field] === 'string' ? source[field] : '']));
};

export interface FormPostAnswer {
  status: number;
  answer: SsrFormState;
}

/**
 * A contact or demo form posted without scripts (application/x-www-form-urlencoded): the same rules,
 * rate limit (the budget of POST /api/contact/ and /api/demo-request/), honeypot and inbox as the
 * JSON endpoints. The answer says what the page shows: the spec's success message, or the field
 * errors with everything that was typed.
 */
export const handleFormPost = async (deps: AppDeps, site: SiteInboxService, req: Request): Promise<FormPostAnswer> => {
  const form: SsrFormState['form'] = req.path.startsWith('/contact') ? 'contact' : 'demo';
  const values = postedValues(form, req.body);
  const honeypot = (req.body as Record<string, unknown> | undefined)?.[HONEYPOT_FIELD];
  try {
    await spendRequestBudget(deps, { name: 'public-forms', limit: deps.limits.publicFormsPerIp }, req);
    if (typeof honeypot !== 'string' || honeypot.trim() === '') {
      const meta = { language: requestLanguage(req) };
      if (form === 'contact') await site.submitContact(parseInput(contactSchema, values, FORM_INVALID_MESSAGE), meta);
      // One day of slack, as for the JSON endpoint: the visitor's today may be the server's yesterday.
      else await site.submitDemo(parseInput(demoSchema(addDays(dayOf(deps.clock()), -1)), { ...values, message: values.message || undefined }, FORM_INVALID_MESSAGE), meta);
    }
    return { status: 200, answer: { form, values: {}, errors: {}, sent: true } };
  } catch (err) {
    if (err instanceof ValidationError) {
      const errors = Object.fromEntries(Object.entries(err.fieldErrors ?? {}).map(([field, messages]) => [field, messages[0] ?? '']));
      return { status: 400, answer: { form, values, errors, sent: false, message: err.message } };
    }
    if (err instanceof RateLimitedError) return { status: 429, answer: { form, values, errors: {}, sent: false, message: err.message } };
    deps.logger.error({ err }, 'a form posted without scripts could not be stored');
    return { status: 500, answer: { form, values, errors: {}, sent: false } };
  }
};
