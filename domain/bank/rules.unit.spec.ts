import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHART, type Account } from '../accounting/accounts';
import { applyRules, checkRule, ruleMatches, type BankRule } from './rules';
import type { StatementLine } from './statement';

const accounts = new Map<string, Account>(DEFAULT_CHART.map((a) => [a.code, { ...a, active: true }]));

const line = (amountCents: number, fields: Partial<StatementLine> = {}): StatementLine => ({
  bookingDate: '2026-03-10',
  valueDate: '2026-03-10',
  amountCents,
  description: '',
  counterpartyName: null,
  counterpartyIban: null,
  reference: null,
  bankReference: null,
  ...fields,
});

const rule = (fields: Partial<BankRule>): BankRule => ({ id: 'r', name: 'Rule', accountCode: '5200', vatRateBp: 2400, ...fields });

describe('checkRule', () => {
  it('given a complete rule, when checked, then it has no errors', () => {
    expect(checkRule(rule({ textWords: ['hetzner', 'online'], direction: 'out', minCents: 1_000, maxCents: 50_000 }), accounts)).toEqual({});
  });

  it('given a rule without any condition, when checked, then it is refused: it would take every line', () => {
    expect(checkRule(rule({}), accounts)).toEqual({ rule: ['Give the rule at least one condition, or it would take every line.'] });
  });

  it('given wrong fields, when checked, then each is named', () => {
    const errors = checkRule(
      rule({ name: ' ', textContains: 'a\u0007', textWords: ['ok', '--'], minCents: 500, maxCents: 100, direction: 'up' as 'in', counterpartyIban: 'GR00 0000', vatRateBp: 12_000, accountCode: '9999' }),
      accounts,
    );
    expect(Object.keys(errors).sort()).toEqual(['accountCode', 'counterpartyIban', 'direction', 'maxCents', 'name', 'textContains', 'textWords.1', 'vatRateBp']);
  });

  it('given an account that takes no categorised postings, when checked, then it is refused', () => {
    expect(checkRule(rule({ textContains: 'x', accountCode: '1100' }), accounts)).toHaveProperty('accountCode');
    expect(checkRule(rule({ textContains: 'x', accountCode: '2100', vatRateBp: 2400 }), accounts)).toHaveProperty('vatRateBp');
  });
});

describe('ruleMatches', () => {
  const hosting = line(-4_760, { description: 'SEPA DD HETZNER ONLINE GMBH INVOICE R0012345', counterpartyName: 'Hetzner Online GmbH', counterpartyIban: 'DE89370400440532013000' });

  it('given "contains", when the text holds it in another case or with accents, then it matches', () => {
    expect(ruleMatches(rule({ textContains: 'hetzner online' }), hosting)).toBe(true);
    expect(ruleMatches(rule({ textContains: 'ενοικιο' }), line(-100_000, { description: 'ΕΝΟΊΚΙΟ ΜΑΡΤΊΟΥ' }))).toBe(true);
    expect(ruleMatches(rule({ textContains: 'aws' }), hosting)).toBe(false);
  });

  it('given "all of these words", when every word is there in any order, then it matches; one missing word, not', () => {
    expect(ruleMatches(rule({ textWords: ['invoice', 'Hetzner'] }), hosting)).toBe(true);
    expect(ruleMatches(rule({ textWords: ['invoice', 'aws'] }), hosting)).toBe(false);
    // Words, not fragments: "net" is not the word "online".
    expect(ruleMatches(rule({ textWords: ['net'] }), hosting)).toBe(false);
  });

  it('given "starts with", when the description or the name starts so, then it matches', () => {
    expect(ruleMatches(rule({ textStartsWith: 'sepa dd' }), hosting)).toBe(true);
    expect(ruleMatches(rule({ textStartsWith: 'Hetzner' }), hosting)).toBe(true);
    expect(ruleMatches(rule({ textStartsWith: 'invoice' }), hosting)).toBe(false);
  });

  it('given amount bounds, a direction and an IBAN, when they do not all hold, then it does not match', () => {
    expect(ruleMatches(rule({ minCents: 4_000, maxCents: 5_000 }), hosting)).toBe(true);
    expect(ruleMatches(rule({ minCents: 4_761 }), hosting)).toBe(false);
    expect(ruleMatches(rule({ direction: 'in' }), hosting)).toBe(false);
    expect(ruleMatches(rule({ counterpartyIban: 'de89 3704 0044 0532 0130 00' }), hosting)).toBe(true);
    expect(ruleMatches(rule({ counterpartyIban: 'GR1601101250000000012300695' }), hosting)).toBe(false);
    expect(ruleMatches(rule({ counterpartyIban: 'GR1601101250000000012300695' }), line(-1))).toBe(false);
  });

  it('a pattern that is a ReDoS for regular expressions is only ever plain text here', () => {
    const evil = '(a+)+$';
    const started = performance.now();
    expect(ruleMatches(rule({ textContains: evil }), line(-1, { description: `${'a'.repeat(50_000)}!` }))).toBe(false);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('applyRules', () => {
  it('given rules in order, when the first two match, then the first gives an account part for the whole line', () => {
    const rules = [rule({ id: 'rent', textContains: 'rent', accountCode: '5100', vatRateBp: 0 }), rule({ id: 'fees', direction: 'out', accountCode: '5500', vatRateBp: 0, description: 'Bank charges' }), rule({ id: 'any-out', direction: 'out' })];
    expect(applyRules(line(-120, { description: 'COMMISSION' }), rules)).toEqual({
      ruleId: 'fees',
      part: { kind: 'account', accountCode: '5500', cents: -120, vatRateBp: 0, description: 'Bank charges' },
    });
    expect(applyRules(line(-80_000, { description: 'RENT MARCH' }), rules)?.ruleId).toBe('rent');
    expect(applyRules(line(80_000, { description: 'DEPOSIT' }), rules)).toBeNull();
  });

  it('the part it gives always covers the whole line', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }).filter((c) => c !== 0), fc.string(), (cents, description) => {
        const match = applyRules(line(cents, { description }), [rule({ minCents: 0 })]);
        expect(match?.part.cents).toBe(cents);
      }),
    );
  });
});
