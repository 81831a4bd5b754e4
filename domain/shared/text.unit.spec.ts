import { describe, expect, it } from 'vitest';
import { TEXT_FAULT_MESSAGES, oneLine, textErrors, textFault, textProblem, trimBoth, trimEnd, trimStart, withoutTrailingSlashes } from './text';

describe('trimming a character', () => {
  it('trims only the given character, at the given ends', () => {
    expect(trimEnd('a/b//', '/')).toBe('a/b');
    expect(trimStart('--a-b', '-')).toBe('a-b');
    expect(trimBoth('--a-b--', '-')).toBe('a-b');
    expect(trimBoth('----', '-')).toBe('');
    expect(trimEnd('1200', '0')).toBe('12');
    expect(trimEnd('', '0')).toBe('');
  });

  it('keeps the root of a path', () => {
    expect(withoutTrailingSlashes('/pricing/')).toBe('/pricing');
    expect(withoutTrailingSlashes('///')).toBe('/');
    expect(withoutTrailingSlashes('/')).toBe('/');
  });

  it('takes one pass over a long run that does not reach the end', () => {
    const hostile = `${'/'.repeat(200_000)}x`;
    expect(trimEnd(hostile, '/')).toBe(hostile);
    expect(trimBoth(`${'-'.repeat(200_000)}x`, '-')).toBe('x');
  });
});

describe('clean text (issue 36: a NUL gave a 500, a line break forged lines of a mail)', () => {
  const C0 = Array.from({ length: 0x20 }, (_, c) => String.fromCharCode(c));
  const C1 = Array.from({ length: 0x21 }, (_, c) => String.fromCharCode(0x7f + c));

  it('refuses NUL, the other C0 controls but the tab, DEL and the C1 controls in every field', () => {
    for (const c of [...C0, ...C1].filter((c) => !'\t\n\r'.includes(c))) {
      for (const lines of ['single', 'multi'] as const) {
        expect(textFault(`ab${c}cd`, lines), `U+${c.charCodeAt(0).toString(16)} ${lines}`).toEqual({ fault: 'control', index: 2 });
        expect(textProblem(c, lines)).toBe('This field may not contain control characters.');
      }
    }
    expect(textFault('a\u0085b', 'multi')).toEqual({ fault: 'control', index: 1 });
  });

  it('keeps the tab everywhere and line breaks where a field holds several lines', () => {
    expect(textFault('a\tb', 'single')).toBeUndefined();
    expect(textFault('Main St 1\r\n1010 Nicosia\nCyprus\r', 'multi')).toBeUndefined();
    expect(textFault('a\u2028b\u2029c', 'multi')).toBeUndefined();
    for (const br of ['\n', '\r', '\r\n', '\u2028', '\u2029']) {
      expect(textFault(`Acme${br}Date: 2099-01-01`, 'single'), JSON.stringify(br)).toEqual({ fault: 'lineBreak', index: 4 });
      expect(textProblem(`a${br}`, 'single')).toBe('This field must be a single line.');
    }
  });

  it('refuses bidirectional overrides and isolates in one-line fields only', () => {
    for (const c of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069']) {
      expect(textFault(`INV${c}1000`, 'single')).toEqual({ fault: 'control', index: 3 });
      expect(textFault(`INV${c}1000`, 'multi')).toBeUndefined();
    }
    // Marks that only hint a direction stay, as do zero-width joiners (emoji, Persian).
    expect(textFault('\u200E\u200F\u200C\u200D\uFEFF', 'single')).toBeUndefined();
  });

  it('refuses a lone surrogate, keeps every whole pair and any other script', () => {
    expect(textFault('a\uD800b', 'multi')).toEqual({ fault: 'notText', index: 1 });
    expect(textFault('a\uDFFF', 'single')).toEqual({ fault: 'notText', index: 1 });
    expect(textFault('\uD83D', 'single')).toEqual({ fault: 'notText', index: 0 });
    expect(textProblem('\uDC00\uD800', 'single')).toBe(TEXT_FAULT_MESSAGES.notText);
    expect(textFault('👩‍👩‍👧‍👦 Ωμέγα Ζ̷̡a Привет 中文 ＝１ é', 'single')).toBeUndefined();
    expect(textFault('', 'single')).toBeUndefined();
  });

  it('reports the first fault', () => {
    expect(textFault('ok\nthen\u0000', 'single')).toEqual({ fault: 'lineBreak', index: 2 });
    expect(textFault('ok\nthen\u0000', 'multi')).toEqual({ fault: 'control', index: 7 });
  });

  it('names the fields that are not clean', () => {
    expect(textErrors({ name: 'Acme', note: 'a\nb', code: 'x\u0000', none: undefined, empty: null }, 'single')).toEqual({
      note: ['This field must be a single line.'],
      code: ['This field may not contain control characters.'],
    });
    expect(textErrors({ note: 'a\nb' }, 'multi')).toEqual({});
  });

  it('makes any text one line for a mail header: breaks and controls become spaces', () => {
    expect(oneLine('Acme\r\nBcc: x@evil.test')).toBe('Acme  Bcc: x@evil.test');
    expect(oneLine('a\u0000b\u2028c\u202Ed\uD800e\tf')).toBe('a b c d e\tf');
    expect(oneLine('😀 plain')).toBe('😀 plain');
    const clean = 'Ωμέγα Ltd';
    expect(oneLine(clean)).toBe(clean);
  });

  it('takes one pass over long texts', () => {
    const long = `${'a'.repeat(500_000)}\u0000`;
    const started = performance.now();
    expect(textFault(long, 'single')).toEqual({ fault: 'control', index: 500_000 });
    expect(oneLine('\n'.repeat(200_000))).toBe(' '.repeat(200_000));
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
