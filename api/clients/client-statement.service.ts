import { SYSTEM_ACCOUNT_IDS } from '../../domain/accounting/accounts';
import { buildStatement, type ClientStatement } from '../../domain/accounting/statement';
import { dayOf } from '../../domain/shared/dates';
import { NotFoundError } from '../../domain/shared/errors';
import { clientReceivables } from '../../projections/ledger/journal-lines/queries';
import { resolveStatementPeriod, type PeriodInput } from '../platform/period';
import type { AppDeps } from '../platform/deps';
import { type BuyerColumns, buyerOf, readCompanySettings } from '../company';
import { renderStatementPdf, type PrintableStatement } from './statement-pdf';
import { trimBoth } from '../../domain/shared/text';

const NOT_FOUND = 'Client not found.';

export interface StatementFile {
  pdf: Buffer;
  filename: string;
}

/** ASCII for the download's name; a name with no Latin letters or digits is just "client". */
const fileSlug = (name: string): string => {
  const slug = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .toLowerCase();
  return trimBoth(slug, '-') || 'client';
};

/**
 * Client statements, read from the ledger: the client's invoices' Accounts Receivable lines, so
 * a statement's closing balance is the client's receivables in the books as of its last day.
 */
export class ClientStatementService {
  constructor(private readonly deps: AppDeps) {}

  /** The period is checked first (400), then the client (404). */
  async statement(clientId: string, input: PeriodInput): Promise<ClientStatement> {
    const period = resolveStatementPeriod(input, dayOf(this.deps.clock()));
    await this.client(clientId);
    return this.build(clientId, period);
  }

  async pdf(clientId: string, input: PeriodInput, language: string): Promise<StatementFile> {
    const issued = dayOf(this.deps.clock());
    const period = resolveStatementPeriod(input, issued);
    const row = await this.client(clientId);
    const [statement, company] = [await this.build(clientId, period), await readCompanySettings(this.deps.db)];
    const seller: PrintableStatement['seller'] = {
      name: company.name,
      address: company.address,
      country: company.country,
      vatNumber: company.vat_number,
      registrationNumber: company.registration_number,
      phone: company.phone,
      email: company.email,
    };
    const pdf = await renderStatementPdf({ statement, seller, client: { ...buyerOf(row, seller), email: row.email }, language, issued });
    return { pdf, filename: `statement-${fileSlug(row.name)}-${period.from}-${period.to}.pdf` };
  }

  private async client(clientId: string): Promise<BuyerColumns & { email: string }> {
    const row = await this.deps.db('clients').where({ id: clientId }).first('name', 'address', 'country', 'vat_number', 'email');
    if (!row) throw new NotFoundError(NOT_FOUND);
    return row;
  }

  private async build(clientId: string, period: { from: string; to: string }): Promise<ClientStatement> {
    const { openingCents, lines } = await clientReceivables(this.deps.db, SYSTEM_ACCOUNT_IDS.receivables, clientId, period.from, period.to);
    return buildStatement(
      period,
      openingCents,
      lines.map((l) => ({
        lineId: Number(l.id),
        entryId: l.entry_id,
        date: l.date,
        sourceType: l.source_type,
        document: l.document,
        invoiceNumber: l.invoice_number,
        debitCents: Number(l.debit_cents),
        creditCents: Number(l.credit_cents),
        ...(l.currency ? { foreign: { currency: l.currency, cents: Number(l.foreign_cents) } } : {}),
      })),
    );
  }
}
