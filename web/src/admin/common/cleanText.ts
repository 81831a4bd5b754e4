import type { FormRule } from 'antd';
import { TEXT_FAULT_MESSAGES, textFault, type TextFault, type TextLines } from '../../../../domain/shared/text';

type Translate = (key: string) => string;

/** The public forms' keys, shared with the admin: one wording of the clean-text rule per language. */
const KEYS: Record<TextFault, string> = { control: 'forms.errors.controlCharacters', lineBreak: 'forms.errors.singleLine', notText: 'forms.errors.invalidCharacter' };

const FAULT_OF_MESSAGE = new Map((Object.entries(TEXT_FAULT_MESSAGES) as [TextFault, string][]).map(([fault, message]) => [message, fault]));

/**
 * The server's clean-text rule (domain/shared/text) checked before saving, in the screen's
 * language: no control character in any field, no line break in a one-line field.
 */
export const cleanTextRule = (t: Translate, lines: TextLines = 'single'): FormRule => ({
  validator: async (_rule, value: unknown) => {
    const found = typeof value === 'string' ? textFault(value, lines) : undefined;
    if (found) throw new Error(t(KEYS[found.fault]));
  },
});

/** A server's field message in the screen's language when it is one of the clean-text rule's, else as the server wrote it. */
export const cleanTextMessage = (message: string, t: Translate): string => {
  const fault = FAULT_OF_MESSAGE.get(message);
  return fault ? t(KEYS[fault]) : message;
};
