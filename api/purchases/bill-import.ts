import { randomUUID } from 'node:crypto';
import { buildBill } from '../../domain/bill/bill';
import { documentFilename } from '../../domain/bill/documents';
import { billFromEinvoice, einvoiceElementOf, type EinvoiceBill, type EinvoiceWarning } from '../../domain/bill/from-einvoice';
import { EinvoiceFileError, readUblDocument, type InboundDocument } from '../../domain/einvoice/inbound';
import { isCountryCode } from '../../domain/invoice/vat';
import { checkSupplier, MAX_PAYMENT_TERMS_DAYS, normaliseSupplier, purchaseAccountRefusal, vatNumberKey, type SaveSupplier } from '../../domain/purchases/supplier';
import { addDays, daysBetween } from '../../domain/shared/dates';
import { ValidationError } from '../../domain/shared/errors';
import { isValidIban } from '../../domain/billing/bank';
import { readCompanySettings } from '../company';
import type { AppDeps } from '../platform/deps';
import { RulesFailedError, RulesTimeoutError, type Assertion, type En16931Rules } from '../platform/en16931/rules';
import type { BillDocumentService, NewBillDocument } from './bill-documents';
import type { BillService, BillWire } from './bill.service';
import type { SupplierService } from './supplier.service';

const INVALID = 'The e-invoice cannot be imported.';
export const EINVOICE_NOT_UTF8 = 'The e-invoice is not UTF-8 text (EN 16931 documents are written in UTF-8).';
const notUtf8Declared = (encoding: string) => `The e-invoice declares the encoding ${encoding}; EN 16931 documents are written in UTF-8.`;
const SUPPLIER_TERMS_DAYS = 30;

/** A refusal of the file, each problem one message of the field `file`. */
const refused = (messages: string[]): ValidationError => new ValidationError(INVALID, { file: messages });

/** An SVRL location without its namespace tests: /*:Invoice[namespace-uri()='…'][1]/*:LegalMonetaryTotal[…][1] → /Invoice/LegalMonetaryTotal. */
export const plainLocation = (location: string): string => location.replace(/\*:([\w.-]+)\[namespace-uri\(\)='[^']*'\](\[1\])?/g, '$1').replace(/\[1\]/g, '');

/** A failed rule as a refusal says it: "[BR-CO-15] … (at /Invoice/LegalMonetaryTotal)". */
export const assertionMessage = (a: Assertion): string => `[${a.id}] ${a.text.replace(/^\[[A-Z0-9-]+\]-?\s*/, '')}${a.location ? ` (at ${plainLocation(a.location)})` : ''}`;

/** The document's text: UTF-8 only, as EN 16931 and Peppol require, a byte-order mark allowed. */
const textOf = (buffer: Buffer): string => {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    throw refused([EINVOICE_NOT_UTF8]);
  }
  const declared = /^\uFEFF?\s*<\?xml[^>]*\bencoding\s*=\s*["']([^"']+)["']/.exec(text);
  if (declared && !/^utf-?8$/i.test(declared[1]!)) throw refused([notUtf8Declared(declared[1]!)]);
  return text;
};

/** A refusal of the bill's content said about the document's elements. */
const asFileRefusal = (err: unknown, elementOf: (field: string) => string): unknown => {
  if (err instanceof EinvoiceFileError) return refused([err.message]);
  if (err instanceof ValidationError && err.fieldErrors) return refused(Object.entries(err.fieldErrors).flatMap(([field, messages]) => messages.map((m) => `${elementOf(field)}: ${m}`)));
  return err;
};

interface SupplierFacts {
  id: string;
  defaultAccountId: string | null;
  paymentTermsDays: number;
}

/**
 * An inbound e-invoice imported as a draft bill (issue 39 item 4). Checks in order, each refusing
 * the file with what is wrong and writing nothing: UTF-8 text; the document's structure
 * (domain/einvoice/inbound.ts, naming the element and its line); the official EN 16931 rules (each
 * fatal assertion with its rule id and text; warnings are kept with the bill); the bill's own
 * arithmetic against the document's totals and VAT per rate, and a supplier's number entered
 * twice (409). Then the supplier is found by VAT number (or name) or created from the document, the
 * XML and its embedded attachments are kept as the bill's documents, and the draft is written.
 */
export class BillImportService {
  constructor(
    private readonly deps: AppDeps,
    private readonly suppliers: SupplierService,
    private readonly bills: BillService,
    private readonly documents: BillDocumentService,
    private readonly rules: Pick<En16931Rules, 'check'>,
  ) {}

  async import(file: { buffer: Buffer; originalname: string }, actor: string): Promise<BillWire> {
    const text = textOf(file.buffer);
    const doc = this.read(text);
    const verdict = await this.check(text);
    const company = await readCompanySettings(this.deps.db);
    const existing = await this.findSupplier(doc);
    const newSupplier = existing ? null : this.supplierFrom(doc, company.country ?? 'GR', company.standard_vat_rate);
    const supplier: SupplierFacts = existing ?? { id: randomUUID(), defaultAccountId: null, paymentTermsDays: newSupplier!.paymentTermsDays };
    const fallback = supplier.defaultAccountId ? null : await this.fallbackAccount();
    const accountId = supplier.defaultAccountId ?? fallback!.id;
    let bill: EinvoiceBill;
    try {
      bill = billFromEinvoice(doc, {
        supplierId: supplier.id,
        accountId,
        selfAssessRateBp: Math.round(company.standard_vat_rate * 100),
        // A credit note is due when issued: its credit is there to use at once.
        dueDateOf: (issueDate) => (doc.kind === 'credit_note' ? issueDate : addDays(issueDate, supplier.paymentTermsDays)),
        companyVatNumber: company.vat_number || null,
      });
      if (doc.kind === 'credit_note') bill = { ...bill, documentType: 'credit_note', creditedBillId: existing ? await this.creditedBill(existing.id, doc.precedingInvoices) : null };
      buildBill(bill);
    } catch (err) {
      throw asFileRefusal(err, (field) => einvoiceElementOf(field, doc, bill));
    }
    const warnings: EinvoiceWarning[] = [
      ...verdict.warnings.map((a) => ({ id: a.id, text: assertionMessage(a).replace(/^\[[^\]]+\] /, '') })),
      ...bill.warnings,
      ...(fallback ? [{ id: 'IMPORT-ACCOUNT', text: `Every line is booked to ${fallback.code} ${fallback.name} until you choose its account; a supplier's default account saves this step.` }] : []),
    ];
    // The supplier's number entered before is refused before anything is written.
    if (existing) await this.bills.checkDraft({ ...bill, supplierId: supplier.id });

    const billId = randomUUID();
    const created = newSupplier ? await this.suppliers.create(newSupplier, actor) : null;
    const supplierId = created?.id ?? supplier.id;
    const papers: NewBillDocument[] = [
      { kind: 'einvoice', filename: documentFilename(file.originalname, `${doc.number}.xml`), mimeType: 'application/xml', content: file.buffer, warnings },
      ...doc.attachments.map((a) => ({ kind: 'attachment' as const, filename: documentFilename(a.filename, 'attachment'), mimeType: a.mimeType, content: a.content })),
    ];
    const kept = await this.documents.insert(this.deps.db, billId, papers, actor);
    try {
      return await this.bills.draftChecked(billId, { ...bill, supplierId }, actor);
    } catch (err) {
      await this.documents.discard(kept.map((d) => d.id));
      if (created) await this.suppliers.remove(created.id, actor).catch(() => undefined);
      throw err;
    }
  }

  private read(text: string): InboundDocument {
    try {
      return readUblDocument(text);
    } catch (err) {
      if (err instanceof EinvoiceFileError) throw refused([err.message]);
      throw err;
    }
  }

  private async check(text: string) {
    try {
      const verdict = await this.rules.check(text);
      if (verdict.fatal.length) throw refused(verdict.fatal.map(assertionMessage));
      return verdict;
    } catch (err) {
      if (err instanceof RulesTimeoutError) throw refused([err.message]);
      if (err instanceof RulesFailedError) throw refused([`The EN 16931 rules could not read the document: ${err.message}`]);
      throw err;
    }
  }

  /** The posted bill of the supplier a credit note names (BT-25), or null. */
  private async creditedBill(supplierId: string, numbers: readonly string[]): Promise<string | null> {
    if (numbers.length === 0) return null;
    const row = (await this.deps
      .db('bill_list')
      .where({ supplier_id: supplierId, document_type: 'bill', status: 'posted' })
      .whereRaw(`lower(supplier_invoice_number) in (${numbers.map(() => 'lower(?)').join(', ')})`, numbers.map((n) => n.trim()))
      .first('id')) as { id: string } | undefined;
    return row?.id ?? null;
  }

  /** The supplier a document names: by VAT number (however written), or by name when it has none. */
  private async findSupplier(doc: InboundDocument): Promise<SupplierFacts | null> {
    const vat = doc.supplier.vatNumber;
    const country = this.countryOf(doc);
    const q = this.deps.db('suppliers');
    if (vat && country) q.where({ country, vat_key: vatNumberKey(vat, country) });
    else q.whereRaw('lower(name) = lower(?)', [doc.supplier.name]).where({ vat_key: '' });
    const row = (await q.first('id', 'default_account_id', 'payment_terms_days')) as { id: string; default_account_id: string | null; payment_terms_days: number } | undefined;
    return row ? { id: row.id, defaultAccountId: row.default_account_id, paymentTermsDays: row.payment_terms_days } : null;
  }

  /** The supplier's country: its address's, else its VAT number's prefix (EL is Greece). */
  private countryOf(doc: InboundDocument): string | null {
    if (doc.supplier.country && isCountryCode(doc.supplier.country)) return doc.supplier.country;
    const prefix = doc.supplier.vatNumber?.replace(/[^A-Za-z]/g, '').slice(0, 2).toUpperCase();
    const country = prefix === 'EL' ? 'GR' : prefix;
    return country && isCountryCode(country) ? country : null;
  }

  /** A new supplier from the document's seller: its name, VAT number, country, address and IBAN, with terms its due date implies. */
  private supplierFrom(doc: InboundDocument, companyCountry: string, standardRatePercent: number): SaveSupplier {
    const firstRate = doc.lines.find((l) => l.vatCategory === 'S')?.vatRateBp;
    const terms = doc.dueDate ? Math.min(Math.max(daysBetween(doc.issueDate, doc.dueDate), 0), MAX_PAYMENT_TERMS_DAYS) : SUPPLIER_TERMS_DAYS;
    const iban = doc.supplier.iban && isValidIban(doc.supplier.iban) ? doc.supplier.iban : null;
    const supplier = normaliseSupplier({
      name: doc.supplier.name,
      vatNumber: doc.supplier.vatNumber ?? '',
      country: this.countryOf(doc) ?? companyCountry,
      address: doc.supplier.address,
      iban,
      defaultAccountId: null,
      defaultVatRateBp: firstRate ?? Math.round(standardRatePercent * 100),
      paymentTermsDays: terms,
    });
    const problems = checkSupplier(supplier);
    // A seller's VAT number that fails its member state's check is refused like a supplier typed so: it names the element.
    const element = (field: string) => (field === 'vatNumber' ? `cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme/cbc:CompanyID "${supplier.vatNumber}"` : `cac:AccountingSupplierParty (${field})`);
    if (Object.keys(problems).length) throw refused(Object.entries(problems).flatMap(([field, messages]) => messages.map((m) => `${element(field)}: ${m}`)));
    return supplier;
  }

  /** The account lines go to when the supplier has no default: the one bills used most, else the first expense account that takes purchases. */
  private async fallbackAccount(): Promise<{ id: string; code: string; name: string }> {
    const accounts = (await this.deps.db('accounts').where({ is_active: true }).orderBy('code').select('id', 'code', 'account_name as name', 'type', 'cash_flow_class', 'is_active', 'system_key')) as Array<{
      id: string;
      code: string;
      name: string;
      type: 'expense';
      cash_flow_class: 'operating';
      is_active: boolean;
      system_key: null;
    }>;
    const usable = accounts.filter((a) => a.type === 'expense' && !purchaseAccountRefusal({ type: a.type, cashFlowClass: a.cash_flow_class, active: a.is_active, systemKey: a.system_key }));
    if (usable.length === 0) throw refused(['No active expense account takes purchases: add one to the chart of accounts first.']);
    const used = (await this.deps.db.raw(`select line->>'accountId' as id, count(*) as n from bill_list, jsonb_array_elements(lines) as line group by 1 order by 2 desc limit 5`)) as { rows: Array<{ id: string }> };
    const favourite = used.rows.map((r) => usable.find((a) => a.id === r.id)).find(Boolean);
    const chosen = favourite ?? usable[0]!;
    return { id: chosen.id, code: chosen.code, name: chosen.name };
  }
}
