import type { RuleObject } from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../../test/web-i18n';
import { cleanTextMessage, cleanTextRule } from './cleanText';

const check = async (rule: ReturnType<typeof cleanTextRule>, value: unknown): Promise<string | undefined> => {
  try {
    await (rule as RuleObject).validator!({} as never, value, () => undefined);
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
};

describe('the admin forms check clean text before saving, in the screen language', () => {
  it('refuses control characters everywhere and line breaks in one-line fields, as the server does', async () => {
    const el = await createTestI18n('el');
    const t = (key: string) => el.t(key);
    expect(await check(cleanTextRule(t), 'Acme\u0000')).toBe('Το πεδίο δεν μπορεί να περιέχει χαρακτήρες ελέγχου.');
    expect(await check(cleanTextRule(t), 'Acme\nLtd')).toBe('Το πεδίο πρέπει να είναι μία γραμμή.');
    expect(await check(cleanTextRule(t, 'multi'), '1 Road\nNicosia')).toBeUndefined();
    expect(await check(cleanTextRule(t, 'multi'), '1 Road\u001b')).toBe('Το πεδίο δεν μπορεί να περιέχει χαρακτήρες ελέγχου.');
    expect(await check(cleanTextRule(t), undefined)).toBeUndefined();
    expect(await check(cleanTextRule(t), 'Ωμέγα Ltd')).toBeUndefined();
  });

  it("words the server's refusals in the screen language and leaves other messages as they are", async () => {
    const ru = await createTestI18n('ru');
    const t = (key: string) => ru.t(key);
    expect(cleanTextMessage('This field must be a single line.', t)).toBe('Поле должно занимать одну строку.');
    expect(cleanTextMessage('This field contains a character that is not valid text.', t)).toBe('Поле содержит символ, который не является допустимым текстом.');
    expect(cleanTextMessage('Enter a valid email address.', t)).toBe('Enter a valid email address.');
  });
});
