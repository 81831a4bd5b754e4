import { describe, expect, it } from 'vitest';
import { FORM_RULE_MESSAGES, validateContact, validateDemo } from './form-rules';

const demo = { name: 'Chen Li', email: 'chen@example.org', company: 'Chen Holdings', date: '2026-12-01', time: '14:30' };
const contact = { name: 'Ann', email: 'ann@example.org', subject: 'Pricing', message: 'Hello' };

describe('the public forms refuse control characters, and line breaks outside the message (issue 36)', () => {
  it("refuses a line break in the demo form's company: it would add lines to the sales mail", () => {
    expect(validateDemo({ ...demo, company: 'Acme\nDate: 2099-01-01' }, '2026-11-01')).toEqual({ company: 'singleLine' });
    expect(validateDemo({ ...demo, company: 'Acme\r' + 'Bcc: x@evil.test' }, '2026-11-01')).toEqual({ company: 'singleLine' });
    expect(validateDemo({ ...demo, name: 'Chen\u2028Li' }, '2026-11-01')).toEqual({ name: 'singleLine' });
    expect(validateContact({ ...contact, subject: 'Hi\nthere' })).toEqual({ subject: 'singleLine' });
  });

  it('refuses NUL and other control characters in every field, the e-mail address included', () => {
    expect(validateDemo({ ...demo, name: 'Chen\u0000', email: 'chen\u0000@example.org', message: 'a\u001bb' }, '2026-11-01')).toEqual({
      name: 'controlCharacters',
      email: 'controlCharacters',
      message: 'controlCharacters',
    });
    expect(validateContact({ ...contact, message: 'x\u0085' })).toEqual({ message: 'controlCharacters' });
    expect(validateContact({ ...contact, name: 'a\uD800' })).toEqual({ name: 'invalidCharacter' });
  });

  it('keeps line breaks and tabs in the messages, and text in any script', () => {
    expect(validateContact({ ...contact, name: 'Ωμέγα Привет', message: 'Line one\r\nLine two\n\tindented' })).toEqual({});
    expect(validateDemo({ ...demo, message: 'First\nsecond' }, '2026-11-01')).toEqual({});
  });

  it('words the refusals as the API does', () => {
    expect(FORM_RULE_MESSAGES.controlCharacters).toBe('This field may not contain control characters.');
    expect(FORM_RULE_MESSAGES.singleLine).toBe('This field must be a single line.');
  });
});
