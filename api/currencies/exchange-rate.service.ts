import type { Knex } from 'knex';
import { BOOKS_CURRENCY, ECB_CURRENCIES } from '../../domain/currency/currencies';
import { RATE_FILE_MAX_BYTES, RateFileError, readEcbRates, type RateFile } from '../../domain/currency/ecb-file';
import { noRateFor, normalRate, type ExchangeRate, type RateSource, type StoredRate } from '../../domain/currency/rate';
import { NotFoundError, ValidationError } from '../../domain/shared/errors';
import { writeAudit } from '../platform/audit';
import type { AppDeps } from '../platform/deps';
import type { ExchangeRateWire, RateImportAnswer } from '../platform/contracts/rest.contract';
import { toIso } from '../platform/wire';

const INVALID = 'Please correct the errors below.';
export const MANUAL_RATE_NOT_FOUND = 'No rate was entered by hand for that currency and day.';
/** How many rates one statement writes: a whole history (about 200,000 rates) goes in 100 statements. */
const IMPORT_CHUNK = 2_000;

/** A rate typed in by hand: it wins over the ECB's rate of its day. */
export type ManualRate = ExchangeRate;

/** A row as read: the rate as exact text (`rate::text`; numeric is never read as a float). */
interface RateRow {
  currency: string;
  date: string;
  source: RateSource;
  rate: string;
  entered_by: string | null;
  updated_at: Date | string;
  superseded?: boolean;
}

const wire = (r: RateRow): ExchangeRateWire => ({
  date: r.date,
  currency: r.currency,
  rate: Number(r.rate),
  source: r.source,
  superseded: Boolean(r.superseded),
  updated_at: toIso(r.updated_at),
});

export interface RateFilter {
  currency?: string;
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

/**
 * Exchange rates: the ECB's reference rates imported from its files, and rates entered by hand. A
 * document of a day uses that day's rate, or the last one before it (never a later one); on one day a
 * manual rate wins. Every change is in the audit log: an import as one row, a manual rate as its own.
 */
export class ExchangeRateService {
  constructor(private readonly deps: Pick<AppDeps, 'db' | 'clock'>) {}

  /** Newest first; an ECB rate a manual one overrides on its day is `superseded`. */
  async list(filter: RateFilter): Promise<{ items: ExchangeRateWire[]; total: number }> {
    const db = this.deps.db;
    const scoped = (q: Knex.QueryBuilder) => {
      if (filter.currency) q.where('r.currency', filter.currency);
      if (filter.from) q.where('r.date', '>=', filter.from);
      if (filter.to) q.where('r.date', '<=', filter.to);
      return q;
    };
    const [{ count }] = (await scoped(db('exchange_rates as r')).count({ count: '*' })) as Array<{ count: number | string }>;
    const rows: RateRow[] = await scoped(db('exchange_rates as r'))
      .select('r.currency', 'r.date', 'r.source', 'r.entered_by', 'r.updated_at', db.raw('r.rate::text as rate'))
      .select(
        db.raw(
          `(r.source = 'ecb' and exists (select 1 from exchange_rates m where m.currency = r.currency and m.date = r.date and m.source = 'manual')) as superseded`,
        ),
      )
      .orderBy([{ column: 'r.date', order: 'desc' }, { column: 'r.currency' }, { column: 'r.source', order: 'desc' }])
      .limit(filter.limit)
      .offset(filter.offset);
    return { items: rows.map(wire), total: Number(count) };
  }

  /**
   * Each currency's newest rate in effect (a manual one over the ECB's on the same day), for the
   * currencies clients may be invoiced in: the history's old ones (CYP, BGN) are left out.
   */
  async latest(): Promise<ExchangeRateWire[]> {
    const rows: RateRow[] = await this.deps.db
      .select('*')
      .from(
        this.deps.db('exchange_rates as r')
          .whereIn('r.currency', [...ECB_CURRENCIES])
          .distinctOn('r.currency')
          .select('r.currency', 'r.date', 'r.source', 'r.entered_by', 'r.updated_at', this.deps.db.raw('r.rate::text as rate'))
          .orderBy([{ column: 'r.currency' }, { column: 'r.date', order: 'desc' }, { column: 'r.source', order: 'desc' }])
          .as('latest'),
      )
      .orderBy('currency');
    return rows.map(wire);
  }

  /**
   * The rate a document of `date` in `currency` uses: that day's, or the last before it; a manual
   * rate wins on its day. A 400 naming the currency and day when there is none.
   */
  async rateOn(currency: string, date: string, db: Knex = this.deps.db): Promise<StoredRate> {
    if (currency === BOOKS_CURRENCY) return { currency, date, rate: '1', source: 'ecb' };
    const row: RateRow | undefined = await db('exchange_rates as r')
      .where('r.currency', currency)
      .where('r.date', '<=', date)
      .orderBy([{ column: 'r.date', order: 'desc' }, { column: 'r.source', order: 'desc' }])
      .first('r.currency', 'r.date', 'r.source', db.raw('r.rate::text as rate'));
    if (!row) throw new ValidationError(noRateFor(currency, date), { currency: [noRateFor(currency, date)] });
    return { currency: row.currency, date: row.date, rate: normalRate(row.rate), source: row.source };
  }

  /** A rate typed in by hand for a currency and day; entered again, it replaces the one before. */
  async setManual(rate: ManualRate, actor: string): Promise<ExchangeRateWire> {
    return this.deps.db.transaction(async (trx) => {
      const before: RateRow | undefined = await trx('exchange_rates as r').where({ 'r.currency': rate.currency, 'r.date': rate.date, 'r.source': 'manual' }).first('r.currency', 'r.date', trx.raw('r.rate::text as rate'));
      const now = this.deps.clock();
      const [row] = (await trx('exchange_rates as r')
        .insert({ currency: rate.currency, date: rate.date, source: 'manual', rate: rate.rate, entered_by: actor, updated_at: now })
        .onConflict(['currency', 'date', 'source'])
        .merge(['rate', 'entered_by', 'updated_at'])
        .returning(['currency', 'date', 'source', 'entered_by', 'updated_at', trx.raw('rate::text as rate')])) as RateRow[];
      await writeAudit(trx, {
        actor,
        entity: 'exchange_rate',
        entityId: `${rate.currency} ${rate.date}`,
        action: before ? 'update' : 'create',
        before: before ? { rate: normalRate(before.rate) } : null,
        after: { rate: rate.rate },
        at: now,
      });
      return wire({ ...row!, superseded: false });
    });
  }

  /** Removes a rate entered by hand: the ECB's rate of that day (or the last before it) applies again. */
  async removeManual(currency: string, date: string, actor: string): Promise<void> {
    await this.deps.db.transaction(async (trx) => {
      const before: RateRow | undefined = await trx('exchange_rates as r').where({ 'r.currency': currency, 'r.date': date, 'r.source': 'manual' }).first(trx.raw('r.rate::text as rate'));
      if (!before) throw new NotFoundError(MANUAL_RATE_NOT_FOUND);
      await trx('exchange_rates').where({ currency, date, source: 'manual' }).delete();
      await writeAudit(trx, { actor, entity: 'exchange_rate', entityId: `${currency} ${date}`, action: 'delete', before: { rate: normalRate(before.rate) }, after: null, at: this.deps.clock() });
    });
  }

  /**
   * An ECB rate file (XML or CSV), read whole before anything is written, then written in one
   * transaction: a rate the table holds already for its day is replaced when the ECB's file says
   * otherwise (the ECB corrects a rate now and then), else passed over.
   */
  async import(bytes: Buffer, actor: string): Promise<RateImportAnswer> {
    const file = readRateFile(bytes);
    const now = this.deps.clock();
    let added = 0;
    let changed = 0;
    await this.deps.db.transaction(async (trx) => {
      for (let start = 0; start < file.rates.length; start += IMPORT_CHUNK) {
        const chunk = file.rates.slice(start, start + IMPORT_CHUNK);
        const { rows } = (await trx.raw(
          `insert into exchange_rates (currency, date, source, rate, entered_by, updated_at)
           select x.currency, x.date, 'ecb', x.rate, ?, ? from jsonb_to_recordset(?::jsonb) as x(currency text, date date, rate numeric)
           on conflict (currency, date, source) do update set rate = excluded.rate, entered_by = excluded.entered_by, updated_at = excluded.updated_at
           where exchange_rates.rate <> excluded.rate
           returning (xmax = 0) as added`,
          [actor, now, JSON.stringify(chunk)],
        )) as { rows: Array<{ added: boolean }> };
        for (const row of rows) {
          if (row.added) added += 1;
          else changed += 1;
        }
      }
      const answer = summary(file, added, changed);
      await writeAudit(trx, { actor, entity: 'exchange_rate_import', entityId: `${file.from} ${file.to}`, action: 'create', before: null, after: answer, at: now });
    });
    return summary(file, added, changed);
  }
}

const summary = (file: RateFile, added: number, changed: number): RateImportAnswer => ({
  format: file.format,
  from: file.from,
  to: file.to,
  currencies: [...new Set(file.rates.map((r) => r.currency))].sort(),
  rates: file.rates.length,
  added,
  changed,
  unchanged: file.rates.length - added - changed,
});

/** The file's bytes → its rates: UTF-8 text within the size limit, or a 400 on `file` naming the line. */
export const readRateFile = (bytes: Buffer): RateFile => {
  const refuse = (message: string) => new ValidationError(INVALID, { file: [message] });
  if (bytes.length > RATE_FILE_MAX_BYTES) throw refuse(`The file is over ${RATE_FILE_MAX_BYTES / (1024 * 1024)} MB, the most a rate file may be.`);
  if (bytes.length === 0) throw refuse('The file is empty.');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refuse('The file is not UTF-8 text. Upload the ECB file as published (eurofxref-daily.xml, eurofxref-hist.xml, eurofxref.csv or eurofxref-hist.csv).');
  }
  try {
    return readEcbRates(text);
  } catch (err) {
    if (err instanceof RateFileError) throw refuse(`${err.where}: ${err.problem}.`);
    throw err;
  }
};
