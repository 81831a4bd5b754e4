import { describe, expect, it } from 'vitest';
import { CANCELLED, decide, DRAFT_NOT_CREDITABLE, ISSUED_IMMUTABLE, overCredit, type InvoiceCommand, type LineInput } from './decide';
import type { InvoiceEvent, InvoiceIssued } from './events';
import { foldInvoice, invoicesContinued, isCancelled, isPaid, openCents, settlementOf } from './invoice';
import { decodeInvoiceEventOf } from './stream';
import { invoiceUpcasters } from './upcasters';
import type { DocumentParties } from './vat';

/** Given events, when a command: the events it decides (or the error it throws). */
const given = (events: InvoiceEvent[]) => ({
  when: (command: InvoiceCommand) => {
    const run = () => decide(command, foldInvoice(events));
    return {
      then: (expected: InvoiceEvent[]) => expect(run()).toEqual(expected),
      thenThrows: (message: string | RegExp) => expect(run).toThrow(message),
    };
  },
});

const line: LineInput = { description: 'Professional plan', quantityMilli: 1000, unitPriceCents: 200000, vatRateBp: 1900 };
const seller = { name: 'Aegis GRC Ltd', address: '12 Example Street\n1010 Nicosia', country: 'CY', vatNumber: 'CY10000000D', registrationNumber: 'HE 1' };
const domestic: DocumentParties = { seller, buyer: { name: 'Client Ltd', address: 'Limassol', country: 'CY', vatNumber: 'CY20000000I' } };
const german: DocumentParties = { seller, buyer: { name: 'Kunde GmbH', address: 'Berlin', country: 'DE', vatNumber: 'DE123456788' } };
const fields = { invoiceNumber: '2026-000001', clientId: 'c1', date: '2026-03-01', dueDate: '2026-03-15', parties: domestic };
const issued: InvoiceIssued = {
  type: 'InvoiceIssued',
  data: {
    invoiceId: 'i1',
    ...fields,
    lines: [{ description: 'Professional plan', quantity: 1, unitPriceCents: 200000, vatRateBp: 1900, netCents: 200000, vatCents: 38000, grossCents: 238000, vatCategory: 'S' }],
    totals: { netCents: 200000, vatCents: 38000, grossCents: 238000 },
    period: { subscriptionId: 's1', start: '2026-03-01', end: '2026-04-01' },
  },
};
const sent: InvoiceEvent = { type: 'InvoiceSent', data: { invoiceId: 'i1', to: 'billing@client.test', sentAt: '2026-03-02T10:00:00.000Z' } };
const paid: InvoiceEvent = {
  type: 'PaymentRecorded',
  data: { invoiceId: 'i1', paymentId: 'p1', amountCents: 238000, date: '2026-03-05', method: 'manual', reference: null },
};

describe('VAT treatment decided with the invoice', () => {
  const issue = (parties: DocumentParties, lines: LineInput[]) =>
    decide({ type: 'IssueInvoice', data: { invoiceId: 'i9', ...fields, parties, lines, period: null } }, foldInvoice([]))[0] as InvoiceIssued;

  it('invoices an EU business buyer in another member state under reverse charge: 0 %, AE, no VAT', () => {
    const e = issue(german, [line]);
    expect(e.data.lines[0]).toMatchObject({ vatRateBp: 0, vatCents: 0, vatCategory: 'AE', exemptionReason: 'Reverse charge', netCents: 200000 });
    expect(e.data.totals).toEqual({ netCents: 200000, vatCents: 0, grossCents: 200000 });
    expect(e.data.parties).toEqual(german);
  });

  it('keeps VAT for a buyer without a VAT number, in the same country, or outside the EU', () => {
    const consumer = { ...german, buyer: { ...german.buyer, vatNumber: '' } };
    const swiss = { ...german, buyer: { ...german.buyer, country: 'CH', vatNumber: 'CHE-123.456.789' } };
    for (const parties of [domestic, consumer, swiss]) expect(issue(parties, [line]).data.lines[0]).toMatchObject({ vatRateBp: 1900, vatCategory: 'S', vatCents: 38000 });
  });

  it('zero-rates a 0 % line, keeps an exempt line exempt with its reason, and refuses contradictions', () => {
    const e = issue(domestic, [{ ...line, vatRateBp: 0 }, { ...line, vatRateBp: 0, vatCategory: 'E', exemptionReason: 'Art. 135(1)(g)' }]);
    expect(e.data.lines.map((l) => [l.vatCategory, l.exemptionReason])).toEqual([['Z', undefined], ['E', 'Art. 135(1)(g)']]);
    expect(() => issue(domestic, [{ ...line, vatCategory: 'E' }])).toThrow('An exempt (E) line carries a VAT rate of 0 %.');
    expect(() => issue(domestic, [{ ...line, vatCategory: 'Z' }])).toThrow('A zero-rated (Z) line carries a VAT rate of 0 %.');
    expect(() => issue(domestic, [{ ...line, vatRateBp: 0, vatCategory: 'S' }])).toThrow('needs a VAT rate above 0 %');
    expect(() => issue(domestic, [{ ...line, vatCategory: 'AE' }])).toThrow('Reverse charge (AE) applies only');
    expect(issue(german, [{ ...line, vatRateBp: 0, vatCategory: 'E' }]).data.lines[0]).toMatchObject({ vatCategory: 'E' });
  });

  it('keeps an issued invoice as it was written when the client later moves country', () => {
    const e = issue(german, [line]);
    const written = [e, { ...sent, data: { ...sent.data, invoiceId: 'i9' } }] as InvoiceEvent[];
    // The same lines sent again (the client now domestic) are not a change; new lines are refused.
    given(written).when({ type: 'EditInvoice', data: { ...fields, parties: domestic, lines: [line], dueDate: '2026-03-31' } }).then([
      expect.objectContaining({ type: 'InvoiceEdited', data: expect.objectContaining({ lines: e.data.lines, parties: german }) }) as InvoiceEvent,
    ]);
    given(written).when({ type: 'EditInvoice', data: { ...fields, lines: [{ ...line, quantityMilli: 2000 }] } }).thenThrows(ISSUED_IMMUTABLE);
  });

  it('credits a reverse-charge invoice under reverse charge, category by category', () => {
    const e = issue(german, [line]);
    const written = [e, { ...sent, data: { ...sent.data, invoiceId: 'i9' } }] as InvoiceEvent[];
    const [credited] = decide({ type: 'CreditInvoice', data: { creditNoteId: 'n1', creditNoteNumber: 'CN-2026-000001', date: '2026-03-10', reason: 'Discount', lines: [{ ...line, unitPriceCents: 1000 }] } }, foldInvoice(written));
    expect(credited).toMatchObject({ type: 'InvoiceCredited', data: { lines: [{ vatCategory: 'AE', vatCents: 0 }], parties: german } });
    const [rest] = decide({ type: 'CreditInvoice', data: { creditNoteId: 'n2', creditNoteNumber: 'CN-2026-000002', date: '2026-03-11', reason: 'Cancelled' } }, foldInvoice([...written, credited!]));
    expect(rest).toMatchObject({ data: { full: true, lines: [{ vatCategory: 'AE', netCents: 199000, exemptionReason: 'Reverse charge' }] } });
  });
});

describe('invoice decide/evolve', () => {
  it('issues an invoice with per-line VAT and gross totals', () => {
    given([])
      .when({ type: 'IssueInvoice', data: { invoiceId: 'i1', ...fields, lines: [line], period: issued.data.period } })
      .then([issued]);
  });

  it('refuses a due date before the invoice date', () => {
    given([])
      .when({ type: 'IssueInvoice', data: { invoiceId: 'i1', ...fields, dueDate: '2026-02-01', lines: [], period: null } })
      .thenThrows('Please correct the errors below.');
  });

  it('issues an invoice without lines at total 0', () => {
    const events = decide({ type: 'IssueInvoice', data: { invoiceId: 'i2', ...fields, lines: [], period: null } }, foldInvoice([]));
    expect(events[0]).toMatchObject({ type: 'InvoiceIssued', data: { lines: [], totals: { netCents: 0, vatCents: 0, grossCents: 0 } } });
  });

  it('edits an unpaid invoice, carrying the previous totals and date', () => {
    const newLine = { ...line, quantityMilli: 2000 };
    given([issued])
      .when({ type: 'EditInvoice', data: { ...fields, date: '2026-03-02', lines: [newLine] } })
      .then([
        {
          type: 'InvoiceEdited',
          data: {
            invoiceId: 'i1',
            ...fields,
            date: '2026-03-02',
            lines: [{ description: 'Professional plan', quantity: 2, unitPriceCents: 200000, vatRateBp: 1900, netCents: 400000, vatCents: 76000, grossCents: 476000, vatCategory: 'S' }],
            totals: { netCents: 400000, vatCents: 76000, grossCents: 476000 },
            previousTotals: issued.data.totals,
            previousDate: '2026-03-01',
          },
        },
      ]);
  });

  it('records nothing for an edit that changes nothing', () => {
    given([issued]).when({ type: 'EditInvoice', data: { ...fields } }).then([]);
    given([issued, paid]).when({ type: 'EditInvoice', data: { ...fields } }).then([]);
  });

  it('refuses to rewrite or delete an issued (sent or paid) invoice, but lets its due date move', () => {
    for (const issuedBy of [paid, sent]) {
      given([issued, issuedBy]).when({ type: 'EditInvoice', data: { ...fields, invoiceNumber: 'X-1' } }).thenThrows(ISSUED_IMMUTABLE);
      given([issued, issuedBy]).when({ type: 'EditInvoice', data: { ...fields, lines: [{ ...line, unitPriceCents: 1 }] } }).thenThrows(ISSUED_IMMUTABLE);
      given([issued, issuedBy]).when({ type: 'VoidInvoice', data: { reason: 'deleted', date: '2026-03-06' } }).thenThrows(ISSUED_IMMUTABLE);
      const moved = decide({ type: 'EditInvoice', data: { ...fields, dueDate: '2026-04-30' } }, foldInvoice([issued, issuedBy]));
      expect(moved).toMatchObject([{ type: 'InvoiceEdited', data: { dueDate: '2026-04-30', totals: issued.data.totals, previousTotals: issued.data.totals } }]);
    }
  });

  it('takes unchanged lines sent back with a new due date as no content change, comparing what the lines mean', () => {
    // As the event store hands a line of schema version 1 back: keys in another order, and the
    // category its upcaster gives a line written before categories were stored.
    const oldLine = { grossCents: 238000, vatCents: 38000, netCents: 200000, vatRateBp: 1900, unitPriceCents: 200000, quantity: 1, description: 'Professional plan' };
    const upcast = invoiceUpcasters.find((u) => u.eventType === 'InvoiceIssued' && u.fromVersion === 1)!.upcast;
    const stored = decodeInvoiceEventOf('InvoiceIssued', { type: 'InvoiceIssued', data: upcast({ ...issued.data, lines: [oldLine] }) });
    const moved = decide({ type: 'EditInvoice', data: { ...fields, dueDate: '2026-04-30', lines: [{ ...line, description: ' Professional plan ', vatCategory: 'S' }] } }, foldInvoice([stored, sent]));
    expect(moved).toMatchObject([{ type: 'InvoiceEdited', data: { dueDate: '2026-04-30', lines: stored.data.lines, totals: issued.data.totals } }]);
    given([stored, sent]).when({ type: 'EditInvoice', data: { ...fields, lines: [{ ...line, vatCategory: 'S' }] } }).then([]);
    for (const changed of [{ quantityMilli: 1500 }, { description: 'Enterprise plan' }, { vatRateBp: 2400 }, { vatRateBp: 0, vatCategory: 'E' as const, exemptionReason: 'Art. 135' }]) {
      given([stored, sent]).when({ type: 'EditInvoice', data: { ...fields, dueDate: '2026-04-30', lines: [{ ...line, ...changed }] } }).thenThrows(ISSUED_IMMUTABLE);
    }
    given([stored, sent]).when({ type: 'EditInvoice', data: { ...fields, lines: [line, line] } }).thenThrows(ISSUED_IMMUTABLE);
  });

  it('credits an issued invoice in part, then the rest, and never more than remains', () => {
    const cn = (id: string, lines?: LineInput[]): InvoiceCommand => ({
      type: 'CreditInvoice',
      data: { creditNoteId: id, creditNoteNumber: `CN-2026-00000${id}`, date: '2026-03-10', reason: 'Goodwill', lines },
    });
    given([issued]).when(cn('1')).thenThrows(DRAFT_NOT_CREDITABLE);
    const part = decide(cn('1', [{ ...line, unitPriceCents: 50000 }]), foldInvoice([issued, sent]));
    expect(part).toMatchObject([{ type: 'InvoiceCredited', data: { totals: { netCents: 50000, vatCents: 9500, grossCents: 59500 }, full: false, invoiceNumber: '2026-000001' } }]);
    given([issued, sent, ...part]).when(cn('2', [line])).thenThrows(overCredit(178500));
    const rest = decide(cn('2'), foldInvoice([issued, sent, ...part]));
    expect(rest).toMatchObject([{ type: 'InvoiceCredited', data: { totals: { netCents: 150000, vatCents: 28500, grossCents: 178500 }, full: true } }]);
    const state = foldInvoice([issued, sent, ...part, ...rest]);
    expect(state.status === 'issued' && isCancelled(settlementOf(state))).toBe(true);
    expect(state.status === 'issued' && openCents(state)).toBe(0);
    given([issued, sent, ...part, ...rest]).when(cn('3')).thenThrows(/nothing left to credit/);
    given([issued, sent, ...part, ...rest]).when({ type: 'MarkInvoicePaid', data: { paymentId: 'p9', date: '2026-03-11' } }).thenThrows(CANCELLED);
  });

  it('counts a paid invoice with a credit note as overpaid by the credit, and a part-credited one as paid once the rest is paid', () => {
    const part = decide(
      { type: 'CreditInvoice', data: { creditNoteId: 'c', creditNoteNumber: 'CN-1', date: '2026-03-10', reason: 'Discount', lines: [{ ...line, unitPriceCents: 100000 }] } },
      foldInvoice([issued, sent]),
    );
    const state = foldInvoice([issued, sent, ...part]);
    expect(state.status === 'issued' && openCents(state)).toBe(119000);
    const rest: InvoiceEvent = { type: 'PaymentRecorded', data: { invoiceId: 'i1', paymentId: 'p2', amountCents: 119000, date: '2026-03-12', method: 'bank', reference: null } };
    const after = foldInvoice([issued, sent, ...part, rest]);
    expect(after.status === 'issued' && isPaid(settlementOf(after))).toBe(true);
  });

  it('marks as paid for the open amount, and a second mark is harmless', () => {
    given([issued]).when({ type: 'MarkInvoicePaid', data: { paymentId: 'p1', date: '2026-03-05' } }).then([paid]);
    given([issued, paid]).when({ type: 'MarkInvoicePaid', data: { paymentId: 'p2', date: '2026-03-06' } }).then([]);
  });

  it('records a payment once per payment id', () => {
    const cmd: InvoiceCommand = { type: 'RecordPayment', data: { paymentId: 'pi_1', amountCents: 100000, date: '2026-03-05', method: 'stripe', reference: 'cs_1' } };
    given([issued]).when(cmd).then([{ type: 'PaymentRecorded', data: { invoiceId: 'i1', ...cmd.data } }]);
    const after = [issued, ...decide(cmd, foldInvoice([issued]))];
    given(after).when(cmd).then([]);
    const state = foldInvoice(after);
    expect(state.status === 'issued' && openCents(state)).toBe(138000);
    expect(state.status === 'issued' && isPaid(settlementOf(state))).toBe(false);
  });

  it('refuses a non-positive payment', () => {
    given([issued])
      .when({ type: 'RecordPayment', data: { paymentId: 'x', amountCents: 0, date: '2026-03-05', method: 'bank', reference: null } })
      .thenThrows(/positive/);
  });

  it('voids (deletes) an unpaid invoice, keeping its totals for reversal', () => {
    given([issued])
      .when({ type: 'VoidInvoice', data: { reason: 'deleted', date: '2026-03-06' } })
      .then([{ type: 'InvoiceVoided', data: { invoiceId: 'i1', reason: 'deleted', date: '2026-03-06', totals: issued.data.totals, originalDate: '2026-03-01' } }]);
  });

  it('treats a voided invoice as gone', () => {
    const voided: InvoiceEvent = { type: 'InvoiceVoided', data: { invoiceId: 'i1', reason: 'deleted', date: '2026-03-06', totals: issued.data.totals, originalDate: '2026-03-01' } };
    given([issued, voided]).when({ type: 'VoidInvoice', data: { reason: 'deleted', date: '2026-03-07' } }).thenThrows('Invoice not found.');
    given([issued, voided]).when({ type: 'SendInvoice', data: { to: 'a@b.c', sentAt: 'now', payee: { iban: '', bic: '' } } }).thenThrows('Invoice not found.');
    given([issued, voided]).when({ type: 'EditInvoice', data: { ...fields } }).thenThrows('Invoice not found.');
    expect(foldInvoice([issued, voided]).status).toBe('voided');
  });

  it('sends an issued invoice and sets the sent flag', () => {
    const payee = { iban: 'CY17002001280000001200527600', bic: 'BCYPCY2N' };
    given([issued])
      .when({ type: 'SendInvoice', data: { to: 'billing@client.test', sentAt: '2026-03-02T10:00:00.000Z', payee } })
      .then([{ type: 'InvoiceSent', data: { invoiceId: 'i1', to: 'billing@client.test', sentAt: '2026-03-02T10:00:00.000Z', payee } }]);
    const state = foldInvoice([issued, { type: 'InvoiceSent', data: { invoiceId: 'i1', to: 'x', sentAt: 'y' } }]);
    expect(state.status === 'issued' && state.sent).toBe(true);
  });

  it('keeps the bank account of the send that issued the invoice, whatever later sends name', () => {
    const first = { iban: 'CY17002001280000001200527600', bic: 'BCYPCY2N' };
    const later = { iban: 'GR1601101250000000012300695', bic: 'PIRAGRAA' };
    const sent: InvoiceEvent = { type: 'InvoiceSent', data: { invoiceId: 'i1', to: 'x', sentAt: '2026-03-02T10:00:00.000Z', payee: first } };
    // Sent again after the default account changed: the message goes, the document's account stays.
    given([issued, sent])
      .when({ type: 'SendInvoice', data: { to: 'x', sentAt: '2026-03-09T10:00:00.000Z', payee: later } })
      .then([{ type: 'InvoiceSent', data: { invoiceId: 'i1', to: 'x', sentAt: '2026-03-09T10:00:00.000Z' } }]);
    const resent: InvoiceEvent = { type: 'InvoiceSent', data: { invoiceId: 'i1', to: 'x', sentAt: '2026-03-09T10:00:00.000Z', payee: later } };
    const state = foldInvoice([issued, sent, resent]);
    expect(state.status === 'issued' && state.payee).toEqual(first);
    // A draft names none (its copies print the account of the day), nor does an invoice paid before it was sent.
    expect((foldInvoice([issued]) as { payee?: unknown }).payee).toBeUndefined();
    const paid: InvoiceEvent = { type: 'PaymentRecorded', data: { invoiceId: 'i1', paymentId: 'p1', amountCents: issued.data.totals.grossCents, date: '2026-03-03', method: 'manual', reference: null } };
    given([issued, paid])
      .when({ type: 'SendInvoice', data: { to: 'x', sentAt: '2026-03-04T10:00:00.000Z', payee: later } })
      .then([{ type: 'InvoiceSent', data: { invoiceId: 'i1', to: 'x', sentAt: '2026-03-04T10:00:00.000Z' } }]);
  });

  it('refuses commands on an invoice that does not exist, and a second issue', () => {
    given([]).when({ type: 'MarkInvoicePaid', data: { paymentId: 'p', date: '2026-01-01' } }).thenThrows('Invoice not found.');
    given([issued]).when({ type: 'IssueInvoice', data: { invoiceId: 'i1', ...fields, lines: [], period: null } }).thenThrows(/already exists/);
  });
});

describe('invoicesContinued', () => {
  const of = (invoiceId: string) => ({ ...issued, data: { ...issued.data, invoiceId } }) as InvoiceEvent;
  const sent = (invoiceId: string) => ({ type: 'InvoiceSent', data: { invoiceId, to: 'a@b.c', sentAt: '2026-03-01T10:00:00.000Z' } }) as InvoiceEvent;
  it('names each invoice whose first event in the run is not its issue, once, in the order met', () => {
    expect(invoicesContinued([sent('a'), of('b'), sent('b'), sent('c'), sent('a'), of('d')])).toEqual(['a', 'c']);
    expect(invoicesContinued([of('x'), sent('x')])).toEqual([]);
    expect(invoicesContinued([])).toEqual([]);
  });
});
