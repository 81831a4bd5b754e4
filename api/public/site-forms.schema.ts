import { z } from 'zod';
import {
  FORM_RULE_MESSAGES,
  validateContact,
  validateDemo,
  type ContactInput,
  type DemoInput,
  type FormErrors,
} from '../../domain/site/form-rules';

const optionalText = z.string().optional().catch(undefined);

/** Adds one zod issue per field rule the shared validator reports. */
const addRuleIssues = <T>(errors: FormErrors<T>, ctx: z.RefinementCtx): void => {
  for (const [field, rule] of Object.entries(errors) as [string, keyof typeof FORM_RULE_MESSAGES][]) {
    ctx.addIssue({ code: 'custom', path: [field], message: FORM_RULE_MESSAGES[rule] });
  }
};

/** The honeypot: a field people never see. Bots that fill it get a success and store nothing. */
export const HONEYPOT_FIELD = 'website';

export const contactSchema = z
  .object({ name: optionalText, email: optionalText, subject: optionalText, message: optionalText })
  .superRefine((input, ctx) => addRuleIssues(validateContact(input), ctx))
  .transform(
    (input): ContactInput => ({
      name: input.name!.trim(),
      email: input.email!.trim(),
      subject: input.subject!.trim(),
      message: input.message!.trim(),
    }),
  );

export const demoSchema = (today: string) =>
  z
    .object({
      name: optionalText,
      email: optionalText,
      company: optionalText,
      date: optionalText,
      time: optionalText,
      message: z.string().nullable().optional().catch(undefined),
    })
    .superRefine((input, ctx) => addRuleIssues(validateDemo({ ...input, message: input.message ?? undefined }, today), ctx))
    .transform(
      (input): DemoInput => ({
        name: input.name!.trim(),
        email: input.email!.trim(),
        company: input.company!.trim(),
        date: input.date!,
        time: input.time!.slice(0, 5),
        message: input.message?.trim() || undefined,
      }),
    );
