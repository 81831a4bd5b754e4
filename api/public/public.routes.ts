import { randomUUID } from 'node:crypto';
import { Router, type Request } from 'express';
import { addDays, dayOf } from '../../domain/shared/dates';
import { FORM_INVALID_MESSAGE } from '../../domain/site/form-rules';
import type { FormAnswer } from '../platform/contracts/rest.contract';
import type { AppDeps } from '../platform/deps';
import { parseInput } from '../platform/http/validate';
import { requestLimiter } from '../platform/rate-limit/limiters';
import { contactSchema, demoSchema, HONEYPOT_FIELD } from './site-forms.schema';
import type { SiteInboxService } from './site-inbox.service';

const filledHoneypot = (req: Request): boolean => {
  const value = (req.body as Record<string, unknown> | undefined)?.[HONEYPOT_FIELD];
  return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null;
};

/** One day of slack for a demo date: the visitor's "today" may be the server's yesterday or tomorrow. */
const yesterday = (now: Date): string => addDays(dayOf(now), -1);

/** The visitor's language: the site's language cookie (what the pages were shown in), else the browser's first choice. */
const language = (req: Request): string | undefined => {
  const chosen = (req.cookies as Record<string, string> | undefined)?.i18next;
  if (chosen === 'en' || chosen === 'el' || chosen === 'ru') return chosen;
  const lng = req.get('accept-language')?.split(',')[0]?.trim().slice(0, 2);
  return lng && /^[a-z]{2}$/.test(lng) ? lng : undefined;
};

/** The public website's API: company details, the demo-site link and the two anonymous forms. */
export const publicRoutes = (deps: AppDeps, site: SiteInboxService): Router => {
  const router = Router();
  const formsLimiter = requestLimiter(deps, { name: 'public-forms', limit: deps.limits.publicFormsPerIp });

  router.get('/company-info/', async (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json(await site.companyInfo());
  });

  // A link rather than a config fetch: the navbar needs no request and works without scripts.
  router.get('/demo-site/', (_req, res) => {
    res.redirect(302, deps.config.demoSiteUrl);
  });

  router.post('/contact/', formsLimiter, async (req, res) => {
    const { id } = filledHoneypot(req) ? { id: randomUUID() } : await site.submitContact(parseInput(contactSchema, req.body, FORM_INVALID_MESSAGE), { language: language(req) });
    res.status(201).json({ success: true, id } satisfies FormAnswer);
  });

  router.post('/demo-request/', formsLimiter, async (req, res) => {
    const { id } = filledHoneypot(req) ? { id: randomUUID() } : await site.submitDemo(parseInput(demoSchema(yesterday(deps.clock())), req.body, FORM_INVALID_MESSAGE), { language: language(req) });
    res.status(201).json({ success: true, id } satisfies FormAnswer);
  });

  return router;
};
