import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UnavailableError } from '../../../domain/shared/errors';
import { EN16931_DIR, En16931Rules, RULES_BUSY, RulesTimeoutError } from './rules';

const example = readFileSync(join(EN16931_DIR, 'ubl-tc434-example1.xml'), 'utf8');
const rules = new En16931Rules();
afterAll(() => rules.close());

describe('the EN 16931 rules in their worker', () => {
  it("pass the standard's example, and name each broken rule of a document that fails them, one document after another", async () => {
    expect((await rules.check(example)).fatal).toEqual([]);
    const wrongTotal = example.replace('<cbc:TaxInclusiveAmount currencyID="EUR">250.33</cbc:TaxInclusiveAmount>', '<cbc:TaxInclusiveAmount currencyID="EUR">250.34</cbc:TaxInclusiveAmount>');
    const [verdict, again] = await Promise.all([rules.check(wrongTotal), rules.check(example)]);
    expect(verdict.fatal.map((a) => a.id)).toContain('BR-CO-15');
    expect(verdict.fatal.find((a) => a.id === 'BR-CO-15')!.text).toMatch(/Invoice total amount with VAT/);
    expect(again.fatal).toEqual([]);
  }, 120_000);

  it('give up a document past the time limit, and check the next in a new worker', async () => {
    const hasty = new En16931Rules({ timeoutMs: 1 });
    try {
      await expect(hasty.check(example)).rejects.toBeInstanceOf(RulesTimeoutError);
    } finally {
      await hasty.close();
    }
    const patient = new En16931Rules({ timeoutMs: 60_000 });
    try {
      expect((await patient.check(example)).fatal).toEqual([]);
    } finally {
      await patient.close();
    }
  }, 120_000);

  it('refuse a document as busy when too many already wait', async () => {
    const small = new En16931Rules({ maxWaiting: 2 });
    try {
      const first = small.check(example);
      const second = small.check(example);
      await expect(small.check(example)).rejects.toEqual(new UnavailableError(RULES_BUSY));
      expect((await first).fatal).toEqual([]);
      expect((await second).fatal).toEqual([]);
    } finally {
      await small.close();
    }
  }, 120_000);
});
