/**
 * The public contact and demo forms' rules, shared by the browser (checks before sending) and the
 * server (zod schemas built from the same limits and messages), so both always agree.
 */
import { TEXT_FAULT_MESSAGES, textFault, type TextFault, type TextLines } from '../shared/text';

export type FormRule =
  | 'nameRequired'
  | 'emailRequired'
  | 'emailInvalid'
  | 'subjectRequired'
  | 'messageRequired'
  | 'companyRequired'
  | 'dateRequired'
  | 'dateInvalid'
  | 'datePast'
  | 'timeRequired'
  | 'timeInvalid'
  | 'tooLong'
  | 'controlCharacters'
  | 'singleLine'
  | 'invalidCharacter';

/** The spec's exact English texts; the web app shows the translation of `forms.errors.<rule>`. */
export const FORM_RULE_MESSAGES: Record<FormRule, string> = {
  nameRequired: 'Full Name is required.',
  emailRequired: 'Email Address is required.',
  emailInvalid: 'Email Address is invalid.',
  subjectRequired: 'Subject is required.',
  messageRequired: 'Message is required.',
  companyRequired: 'Company Name is required.',
  dateRequired: 'Date is required.',
  dateInvalid: 'Date is invalid.',
  datePast: 'Date cannot be in the past.',
  timeRequired: 'Time is required.',
  timeInvalid: 'Time is invalid.',
  tooLong: 'This field is too long.',
  controlCharacters: TEXT_FAULT_MESSAGES.control,
  singleLine: TEXT_FAULT_MESSAGES.lineBreak,
  invalidCharacter: TEXT_FAULT_MESSAGES.notText,
};

const RULE_OF_FAULT: Record<TextFault, FormRule> = { control: 'controlCharacters', lineBreak: 'singleLine', notText: 'invalidCharacter' };

/** The clean-text rule of every field (domain/shared/text): control characters anywhere, line breaks outside the messages. */
const cleanness = (value: string | undefined, lines: TextLines): FormRule | undefined => {
  const found = value === undefined ? undefined : textFault(value, lines);
  return found && RULE_OF_FAULT[found.fault];
};

export const FORM_INVALID_MESSAGE = 'Please correct the errors in the form.';

export const FIELD_MAX_LENGTH = { name: 200, email: 254, subject: 200, company: 200, message: 5000 } as const;

/**
 * Deliberately loose (something@something.tld): stricter patterns reject real addresses. The
 * domain's labels exclude the dot, so each character has one way to match: the former
 * `[^\s@]+\.[^\s@]+` backtracked quadratically over a long run of dots (12.8 s for 95,000).
 * Callers check the length first all the same.
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** The e-mail rule every form and API field shares: the length bound before the pattern. */
export const isEmailAddress = (value: string): boolean => value.length <= FIELD_MAX_LENGTH.email && EMAIL_PATTERN.test(value);
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

export interface ContactInput {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export interface DemoInput {
  name: string;
  email: string;
  company: string;
  date: string;
  time: string;
  message?: string;
}

export type FormErrors<T> = Partial<Record<keyof T, FormRule>>;

const blank = (value: string | undefined): boolean => !value || value.trim() === '';

const text = (value: string | undefined, required: FormRule, max: number, lines: TextLines = 'single'): FormRule | undefined =>
  blank(value) ? required : value!.trim().length > max ? 'tooLong' : cleanness(value!.trim(), lines);

const email = (value: string | undefined): FormRule | undefined =>
  blank(value)
    ? 'emailRequired'
    : value!.trim().length > FIELD_MAX_LENGTH.email
      ? 'tooLong'
      : (cleanness(value!.trim(), 'single') ?? (!isEmailAddress(value!.trim()) ? 'emailInvalid' : undefined));

const compact = <T>(errors: FormErrors<T>): FormErrors<T> =>
  Object.fromEntries(Object.entries(errors).filter(([, rule]) => rule !== undefined)) as FormErrors<T>;

export const validateContact = (input: Partial<ContactInput>): FormErrors<ContactInput> =>
  compact<ContactInput>({
    name: text(input.name, 'nameRequired', FIELD_MAX_LENGTH.name),
    email: email(input.email),
    subject: text(input.subject, 'subjectRequired', FIELD_MAX_LENGTH.subject),
    message: text(input.message, 'messageRequired', FIELD_MAX_LENGTH.message, 'multi'),
  });

/**
 * `today` is the visitor's (browser) or the server's calendar day as YYYY-MM-DD. The server passes
 * yesterday so that a visitor east of it is never refused their own today.
 */
export const validateDemo = (input: Partial<DemoInput>, today: string): FormErrors<DemoInput> =>
  compact<DemoInput>({
    name: text(input.name, 'nameRequired', FIELD_MAX_LENGTH.name),
    email: email(input.email),
    company: text(input.company, 'companyRequired', FIELD_MAX_LENGTH.company),
    date: blank(input.date)
      ? 'dateRequired'
      : !DATE_PATTERN.test(input.date!) || Number.isNaN(Date.parse(`${input.date}T00:00:00Z`))
        ? 'dateInvalid'
        : input.date! < today
          ? 'datePast'
          : undefined,
    time: blank(input.time) ? 'timeRequired' : !TIME_PATTERN.test(input.time!) ? 'timeInvalid' : undefined,
    message: (input.message ?? '').trim().length > FIELD_MAX_LENGTH.message ? 'tooLong' : cleanness((input.message ?? '').trim(), 'multi'),
  });
