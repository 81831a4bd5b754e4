import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { InvoiceCandidate, MovementCandidate } from './candidate-index';
import { formatCreditorReference, invoiceCreditorReference } from './creditor-reference';
import { nameSimilarity, nameWords, textKeys } from './match-text';
import { checkReconciliation, type BankLine, type ReconciliationPart } from './reconciliation';
import { autoReconcile, buildCandidateIndex, recordInIndex, suggest } from './suggestions';

const IBAN_ALPHA = 'GR1601101250000000012300695';
const IBAN_ACME = 'DE89370400440532013000';

const invoice = (n: number, clientId: string, clientName: string, openCents: number, extra: Partial<InvoiceCandidate> = {}): InvoiceCandidate => {
  const number = `2026-${String(n).padStart(6, '0')}`;
  return { id: `inv-${n}`, number, clientId, clientName, clientIbans: [], openCents, dueDate: `2026-02-${String(10 + (n % 18)).padStart(2, '0')}`, creditorReference: invoiceCreditorReference(number), ...extra };
};

const invoices: InvoiceCandidate[] = [
  invoice(123, 'alpha', 'Άλφα Συμβουλευτική ΑΕ', 12_400, { clientIbans: [IBAN_ALPHA] }),
  invoice(124, 'alpha', 'Άλφα Συμβουλευτική ΑΕ', 10_000, { clientIbans: [IBAN_ALPHA] }),
  invoice(125, 'alpha', 'Άλφα Συμβουλευτική ΑΕ', 25_000, { clientIbans: [IBAN_ALPHA] }),
  invoice(200, 'acme', 'Acme GmbH', 12_400, { clientIbans: [IBAN_ACME] }),
  invoice(201, 'romashka', 'ООО «Ромашка»', 7_000),
  invoice(202, 'paid', 'Paid Ltd', 0),
];
const movements: MovementCandidate[] = [
  { id: 'payout-1', amountCents: 48_210, date: '2026-03-08', reference: 'po_1PqRsT', clientId: null, clientName: null },
  { id: 'refund-1', amountCents: -2_000, date: '2026-03-01', reference: null, clientId: 'acme', clientName: 'Acme GmbH' },
];
const index = () => buildCandidateIndex({ invoices, movements });

const line = (amountCents: number, fields: Partial<BankLine> = {}): BankLine => ({
  id: 'line-1',
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

const rf = (n: number) => invoiceCreditorReference(`2026-${String(n).padStart(6, '0')}`)!;
const invoiceIds = (parts: ReconciliationPart[]) => parts.flatMap((p) => (p.kind === 'invoice' ? [p.invoiceId] : []));

describe('match text', () => {
  it('given names in Greek, Russian and German with legal forms and accents, when compared, then the forms and accents do not count', () => {
    expect(nameWords('ΑΛΦΑ ΣΥΜΒΟΥΛΕΥΤΙΚΗ Α.Ε.')).toEqual(nameWords('Άλφα Συμβουλευτική ΑΕ'));
    expect(nameWords('ООО «Ромашка»')).toEqual(['ромашка']);
    expect(nameWords('ACME GMBH')).toEqual(['acme']);
    expect(nameSimilarity(nameWords('Smith John'), nameWords('JOHN SMITH'))).toBe(1);
    expect(nameSimilarity(nameWords('Acme Hosting'), nameWords('Beta Hosting'))).toBe(0.5);
    expect(nameSimilarity(nameWords('Acme'), nameWords('Ромашка'))).toBe(0);
  });

  it('given an invoice number written with spaces, run together or after a word, when read, then its key is found', () => {
    for (const text of ['INV 2026-000123', 'inv.no.2026/000123 thanks', 'payment 2026 000123', 'ΤΙΜ 2026000123']) expect(textKeys(text).has('2026000123')).toBe(true);
    expect(textKeys('amount 1234 on 2026-03-10').has('2026000123')).toBe(false);
  });
});

describe('suggest', () => {
  it('given the RF reference of an invoice, when suggested, then that invoice comes first for the reference', () => {
    const [best] = suggest(line(5_000, { reference: rf(124), counterpartyName: 'Someone else' }), index());
    expect(best).toMatchObject({ reasons: ['reference'], parts: [{ kind: 'invoice', invoiceId: 'inv-124', cents: 5_000 }] });
  });

  it('given the RF printed in groups inside the text and an amount that equals another invoice, when suggested, then the reference outranks the amount', () => {
    const result = suggest(line(12_400, { description: `PAYMENT ${formatCreditorReference(rf(125))} THANK YOU` }), index());
    expect(invoiceIds(result[0]!.parts)).toEqual(['inv-125']);
    expect(result[0]!.reasons).toContain('reference');
    expect(result[0]!.score).toBeGreaterThan(result[1]!.score);
  });

  it('given the invoice number without its dash, when suggested, then the invoice is found by its number', () => {
    const [best] = suggest(line(100, { description: 'ΕΞΟΦΛΗΣΗ ΤΙΜΟΛΟΓΙΟΥ 2026000201' }), index());
    expect(best).toMatchObject({ reasons: ['invoiceNumber'], parts: [{ kind: 'invoice', invoiceId: 'inv-201', cents: 100 }] });
  });

  it('given only an amount two invoices share, when suggested, then both come, the older due date first, and a paid invoice never', () => {
    const result = suggest(line(12_400), index());
    expect(result.map((s) => invoiceIds(s.parts))).toEqual([['inv-200'], ['inv-123']]);
    expect(result.every((s) => s.reasons.join() === 'amount')).toBe(true);
  });

  it("given the payer's IBAN and name, when suggested, then that client's invoice of the amount wins the tie on amount", () => {
    const result = suggest(line(12_400, { counterpartyIban: IBAN_ALPHA, counterpartyName: 'ΑΛΦΑ ΣΥΜΒΟΥΛΕΥΤΙΚΗ Α.Ε.' }), index());
    expect(result[0]).toMatchObject({ reasons: ['amount', 'iban', 'name'], parts: [{ invoiceId: 'inv-123' }] });
  });

  it('given a name in Cyrillic with its legal form elsewhere, when suggested, then the client is found by name', () => {
    const [best] = suggest(line(3_000, { counterpartyName: 'Ромашка ООО' }), index());
    expect(best).toMatchObject({ reasons: ['name'], parts: [{ kind: 'invoice', invoiceId: 'inv-201', cents: 3_000 }] });
  });

  it("given a payment of two of a client's invoices together, when suggested, then the set is proposed with each invoice paid in full", () => {
    const [best] = suggest(line(22_400, { counterpartyIban: IBAN_ALPHA }), index());
    expect(best!.reasons).toEqual(['amount', 'iban']);
    expect(best!.parts).toEqual([
      { kind: 'invoice', invoiceId: 'inv-123', cents: 12_400 },
      { kind: 'invoice', invoiceId: 'inv-124', cents: 10_000 },
    ]);
  });

  it('given a text naming two invoices whose open amounts add up to the line, when suggested, then that set comes first', () => {
    const [best] = suggest(line(19_400, { description: 'INV 2026-000200 AND 2026-000201' }), index());
    expect(best!.reasons).toEqual(['invoiceNumber', 'amount']);
    expect(invoiceIds(best!.parts).sort()).toEqual(['inv-200', 'inv-201']);
  });

  it("given more than is open, when suggested, then the excess is the client's credit", () => {
    const [best] = suggest(line(8_000, { reference: rf(201) }), index());
    expect(best!.parts).toEqual([
      { kind: 'invoice', invoiceId: 'inv-201', cents: 7_000 },
      { kind: 'clientCredit', clientId: 'romashka', cents: 1_000 },
    ]);
  });

  it('given money out, when suggested, then only movements of exactly that amount come, never invoices', () => {
    const result = suggest(line(-2_000, { counterpartyName: 'ACME GMBH' }), index());
    expect(result).toEqual([{ score: 40 + 20, reasons: ['amount', 'name'], parts: [{ kind: 'movement', movementId: 'refund-1', cents: -2_000 }] }]);
    expect(suggest(line(-2_001), index())).toEqual([]);
  });

  it('given a payout named in the text, when suggested, then the movement scores for its reference', () => {
    const [best] = suggest(line(48_210, { description: 'STRIPE PAYMENTS UK PO_1PQRST' }), index());
    expect(best).toMatchObject({ reasons: ['reference', 'amount'], parts: [{ kind: 'movement', movementId: 'payout-1' }] });
  });

  it('given a limit, when suggested, then no more than it', () => {
    expect(suggest(line(12_400, { counterpartyIban: IBAN_ALPHA }), index(), { limit: 1 })).toHaveLength(1);
  });
});

describe('autoReconcile', () => {
  it('given an intact RF of one open invoice, when reconciled alone, then the invoice is paid and the excess is credit', () => {
    expect(autoReconcile(line(13_000, { reference: rf(123) }), index())).toEqual({
      lineId: 'line-1',
      parts: [
        { kind: 'invoice', invoiceId: 'inv-123', cents: 12_400 },
        { kind: 'clientCredit', clientId: 'alpha', cents: 600 },
      ],
    });
    expect(autoReconcile(line(100, { description: `ΠΛΗΡΩΜΗ ${formatCreditorReference(rf(124))}` }), index())?.parts).toEqual([{ kind: 'invoice', invoiceId: 'inv-124', cents: 100 }]);
  });

  it('given doubt of any kind, when reconciled alone, then nothing is decided', () => {
    const typo = rf(123).replace(/3$/, '4');
    expect(autoReconcile(line(12_400, { reference: typo }), index())).toBeNull();
    expect(autoReconcile(line(-12_400, { reference: rf(123) }), index())).toBeNull();
    expect(autoReconcile(line(22_400, { description: `${rf(123)} ${rf(124)}` }), index())).toBeNull();
    expect(autoReconcile(line(12_400, { reference: rf(123), counterpartyIban: IBAN_ACME }), index())).toBeNull();
    expect(autoReconcile(line(12_400, { description: 'INV 2026-000123' }), index())).toBeNull();
    expect(autoReconcile(line(100, { reference: rf(202) }), index())).toBeNull();
  });

  it('given two invoices whose numbers share one reference, when reconciled alone, then the reference names neither', () => {
    const twins = buildCandidateIndex({ invoices: [invoice(1, 'a', 'A', 100, { number: 'A-1', creditorReference: invoiceCreditorReference('A-1') }), invoice(2, 'b', 'B', 100, { number: 'A1', creditorReference: invoiceCreditorReference('A1') })], movements: [] });
    expect(autoReconcile(line(100, { reference: invoiceCreditorReference('A1') }), twins)).toBeNull();
  });

  it('given an invoice paid by an earlier line of the same import, when its reference comes again, then nothing is decided', () => {
    const idx = index();
    const first = autoReconcile(line(12_400, { reference: rf(123) }), idx)!;
    recordInIndex(idx, first);
    expect(autoReconcile(line(12_400, { reference: rf(123) }), idx)).toBeNull();
    expect(suggest(line(12_400), idx).map((s) => invoiceIds(s.parts))).toEqual([['inv-200']]);
  });
});

type Typed = 'intact' | 'intactInText' | 'mistyped' | 'missing' | 'combined' | 'numberOnly';

/** One typing error a person makes: a character typed for another, or two neighbours swapped. */
const mistype = (reference: string, at: number, swap: boolean, digit: number): string => {
  const i = 2 + (at % (reference.length - 2));
  if (swap && i + 1 < reference.length && reference[i] !== reference[i + 1]) return reference.slice(0, i) + reference[i + 1] + reference[i] + reference.slice(i + 2);
  const replacement = String((Number(reference[i]) + 1 + (digit % 9)) % 10);
  return reference.slice(0, i) + replacement + reference.slice(i + 1);
};

const historyArb = fc
  .record({
    clients: fc.integer({ min: 1, max: 6 }),
    invoices: fc.array(fc.record({ client: fc.nat(), openCents: fc.integer({ min: 1, max: 500_000 }) }), { minLength: 2, maxLength: 25 }),
    lines: fc.array(
      fc.record({
        kind: fc.constantFrom<Typed>('intact', 'intactInText', 'mistyped', 'missing', 'combined', 'numberOnly'),
        target: fc.nat(),
        other: fc.nat(),
        paid: fc.constantFrom('exact', 'partial', 'excess'),
        cents: fc.integer({ min: 1, max: 500_000 }),
        withIban: fc.boolean(),
        grouped: fc.boolean(),
        typo: fc.tuple(fc.nat(), fc.boolean(), fc.nat()),
      }),
      { minLength: 1, maxLength: 20 },
    ),
  })
  .map(({ clients, invoices: specs, lines }) => {
    const ibans = ['GR1601101250000000012300695', 'DE89370400440532013000', 'FR1420041010050500013M02606', 'NL91ABNA0417164300', 'CY17002001280000001200527600', 'GB29NWBK60161331926819'];
    const candidates = specs.map((s, i) => {
      const c = s.client % clients;
      return invoice(1000 + i * 7, `client-${c}`, `Client ${c} Ltd`, s.openCents, { clientIbans: [ibans[c]!] });
    });
    return { candidates, lines, ibans };
  });

describe('autoReconcile on generated invoices and payments', () => {
  it('never matches a wrong invoice, and matches every line whose one reference is intact to its invoice', () => {
    fc.assert(
      fc.property(historyArb, ({ candidates, lines }) => {
        const idx = buildCandidateIndex({ invoices: candidates, movements: [] });
        for (const spec of lines) {
          const target = candidates[spec.target % candidates.length]!;
          const other = candidates[spec.other % candidates.length]!;
          const amount = spec.paid === 'exact' ? target.openCents : spec.paid === 'partial' ? Math.max(1, Math.floor(target.openCents / 2)) : target.openCents + spec.cents;
          const reference = target.creditorReference!;
          const printed = spec.grouped ? formatCreditorReference(reference) : reference;
          const iban = spec.withIban ? target.clientIbans[0]! : null;
          const base = { counterpartyIban: iban, counterpartyName: target.clientName };
          const l =
            spec.kind === 'intact'
              ? line(amount, { ...base, reference: printed })
              : spec.kind === 'intactInText'
                ? line(amount, { ...base, description: `PAYMENT ${printed} THANKS` })
                : spec.kind === 'mistyped'
                  ? line(amount, { ...base, reference: mistype(reference, ...spec.typo) })
                  : spec.kind === 'combined'
                    ? line(amount + other.openCents, { ...base, description: `${reference} ${other.creditorReference}` })
                    : spec.kind === 'numberOnly'
                      ? line(amount, { ...base, description: `INV ${target.number}` })
                      : line(amount, base);
          const result = autoReconcile(l, idx);
          const matched = result ? invoiceIds(result.parts) : [];
          if (spec.kind === 'intact' || spec.kind === 'intactInText' || (spec.kind === 'combined' && other.id === target.id)) {
            expect(matched).toEqual([target.id]);
          } else {
            expect(result).toBeNull();
          }
          if (result) {
            expect(result.parts.reduce((s, p) => s + p.cents, 0)).toBe(l.amountCents);
            expect(result.parts[0]!.cents).toBeLessThanOrEqual(target.openCents);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('what it decides always passes the reconciliation check against the books', () => {
    fc.assert(
      fc.property(historyArb, ({ candidates, lines }) => {
        const idx = buildCandidateIndex({ invoices: candidates, movements: [] });
        const books = {
          moneyAccountId: 'main',
          moneyAccounts: new Map([['main', { ledgerAccountId: 'bank' }]]),
          accounts: new Map(),
          invoices: new Map(candidates.map((c) => [c.id, { clientId: c.clientId, openCents: c.openCents, refundableCents: 0 }])),
          movements: new Map(),
          clientIds: new Set(candidates.map((c) => c.clientId)),
        };
        for (const spec of lines) {
          const target = candidates[spec.target % candidates.length]!;
          const result = autoReconcile(line(spec.cents, { reference: target.creditorReference }), idx);
          if (result) expect(checkReconciliation(line(spec.cents), result.parts, books)).toEqual([]);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('speed against 100,000 open invoices', () => {
  it('suggests for one line in well under 20 ms (median of 25 lines) once the index is built', () => {
    const words = ['alpha', 'beta', 'gamma', 'delta', 'omega', 'nova', 'terra', 'luna', 'sol', 'stella'];
    const many: InvoiceCandidate[] = [];
    for (let i = 0; i < 100_000; i += 1) {
      const client = i % 20_000;
      many.push(invoice(i, `c-${client}`, `${words[client % 10]} ${words[Math.floor(client / 10) % 10]} ${client} Services Ltd`, 1_000 + (i % 5_000) * 10, { clientIbans: [] }));
    }
    const idx = buildCandidateIndex({ invoices: many, movements: [] });
    const times: number[] = [];
    for (let k = 0; k < 25; k += 1) {
      const target = many[(k * 3_989) % many.length]!;
      const started = performance.now();
      const result = suggest(line(target.openCents, { description: `Services invoice ${target.number}`, counterpartyName: target.clientName.toUpperCase() }), idx);
      times.push(performance.now() - started);
      expect(invoiceIds(result[0]!.parts)).toEqual([target.id]);
    }
    times.sort((a, b) => a - b);
    expect(times[12]!).toBeLessThan(20);
  });
});
