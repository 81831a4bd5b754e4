import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import type { Account } from '../../domain/accounting/accounts';
import { centsToEuros } from '../../domain/shared/money';
import type { RecordedEvent } from '../../eventstore/event-store';
import type { EntryWithLines } from './ledger-query.service';
import type { HistoryEntry } from '../invoicing';

const iso = (v: string | Date): string => (v instanceof Date ? v.toISOString() : new Date(v).toISOString());

@ObjectType('Account')
export class AccountOutput {
  @Field(() => ID) id!: string;
  @Field(() => String) code!: string;
  @Field(() => String) accountName!: string;
  @Field(() => String) type!: string;
  @Field(() => String) cashFlowClass!: string;
  @Field(() => Boolean) isActive!: boolean;
  @Field(() => Boolean, { description: 'Used by automatic postings: can be renamed, not deactivated or deleted.' }) isSystem!: boolean;

  static from(a: Account): AccountOutput {
    return Object.assign(new AccountOutput(), {
      id: a.id,
      code: a.code,
      accountName: a.name,
      type: a.type,
      cashFlowClass: a.cashFlowClass,
      isActive: a.active,
      isSystem: a.systemKey !== null,
    });
  }
}

@ObjectType('JournalLine')
export class JournalLineOutput {
  @Field(() => ID) accountId!: string;
  @Field(() => String) accountName!: string;
  @Field(() => Float) debit!: number;
  @Field(() => Float) credit!: number;
  @Field(() => String, { nullable: true, description: 'VAT category (S, Z, E, AE) of a purchase base or of input VAT.' }) vatCategory!: string | null;
  @Field(() => Float, { nullable: true, description: 'VAT rate in percent, with vatCategory.' }) vatRate!: number | null;
  @Field(() => Boolean, { description: 'A VAT account line paid to or refunded by the tax authority.' }) vatSettlement!: boolean;
}

@ObjectType('JournalEntry')
export class JournalEntryOutput {
  @Field(() => ID) id!: string;
  @Field(() => String) date!: string;
  @Field(() => String) description!: string;
  @Field(() => String, { description: 'active or deleted' }) status!: string;
  @Field(() => String, { description: 'manual, invoice or payment; only manual entries can be edited' }) source!: string;
  @Field(() => String, { description: 'The journal entry, invoice or payment id' }) sourceId!: string;
  @Field(() => ID, { nullable: true }) invoiceId!: string | null;
  @Field(() => Int) version!: number;
  @Field(() => Boolean) editable!: boolean;
  @Field(() => String) createdAt!: string;
  @Field(() => String) createdBy!: string;
  @Field(() => String) updatedAt!: string;
  @Field(() => String) updatedBy!: string;
  @Field(() => [JournalLineOutput]) lines!: JournalLineOutput[];

  static from({ entry, lines }: EntryWithLines): JournalEntryOutput {
    return Object.assign(new JournalEntryOutput(), {
      id: entry.entry_id,
      date: entry.date,
      description: entry.description,
      status: entry.status,
      source: entry.source_type,
      sourceId: entry.source_id,
      invoiceId: entry.invoice_id,
      version: entry.version,
      editable: entry.source_type === 'manual' && entry.status === 'active',
      createdAt: iso(entry.created_at),
      createdBy: entry.created_by,
      updatedAt: iso(entry.updated_at),
      updatedBy: entry.updated_by,
      lines: lines.map((l) => ({
        accountId: l.account_id,
        accountName: l.account_name,
        debit: centsToEuros(l.debit_cents),
        credit: centsToEuros(l.credit_cents),
        vatCategory: l.vat_category,
        vatRate: l.vat_rate_bp === null ? null : l.vat_rate_bp / 100,
        vatSettlement: l.vat_settlement === true,
      })),
    });
  }
}

@ObjectType('JournalEntryPage')
export class JournalEntryPage {
  @Field(() => [JournalEntryOutput]) items!: JournalEntryOutput[];
  @Field(() => Int) total!: number;
}

@ObjectType('EntityHistoryEvent', { description: 'One event of an entity stream: who did what, when.' })
export class HistoryEventOutput {
  @Field(() => Int) revision!: number;
  @Field(() => String) type!: string;
  @Field(() => String) actor!: string;
  @Field(() => String) recordedAt!: string;
  @Field(() => String, { description: 'The event data as JSON (amounts in cents).' }) data!: string;

  static from(e: RecordedEvent): HistoryEventOutput {
    return HistoryEventOutput.fromEntry({ revision: e.streamRevision, type: e.type, actor: e.metadata.actor, at: e.metadata.recordedAt, data: e.data });
  }

  /** A history row that is not a stored event of its own (an invoice's payment reminders). */
  static fromEntry(e: HistoryEntry): HistoryEventOutput {
    return Object.assign(new HistoryEventOutput(), { revision: e.revision, type: e.type, actor: e.actor, recordedAt: e.at, data: JSON.stringify(e.data) });
  }
}
