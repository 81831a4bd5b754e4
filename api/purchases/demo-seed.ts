import { addDays, dayOf } from '../../domain/shared/dates';
import type { AppDeps } from '../platform/deps';
import type { PurchasesServices } from './purchases.services';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readCompanySettings } from '../company';
import { projectRoot } from '../platform/project-root';

/** The demo's e-invoice: a made-up Greek backup service's UBL invoice, its days and buyer filled in. */
const DEMO_EINVOICE = join(projectRoot(import.meta.dirname), 'api/purchases/demo/cloud-backup-invoice.xml');
const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Imports the demo's e-invoice as a draft bill, as a user uploading it would (the EN 16931 rules
 * run on it; a new supplier is made from it). The demo goes on without it if the rules cannot run.
 */
const importDemoEinvoice = async (deps: AppDeps, purchases: PurchasesServices, today: string): Promise<void> => {
  const company = await readCompanySettings(deps.db);
  const xml = readFileSync(DEMO_EINVOICE, 'utf8')
    .replaceAll('{{ISSUE_DATE}}', addDays(today, -3))
    .replaceAll('{{DUE_DATE}}', addDays(today, 27))
    .replaceAll('{{BUYER_COUNTRY}}', company.country || 'CY')
    .replaceAll('{{BUYER_NAME}}', xmlText(company.name || 'Demo company'));
  try {
    await purchases.imports.import({ buffer: Buffer.from(xml, 'utf8'), originalname: 'NB-2026-00417.xml' }, SEED_ACTOR);
  } catch (err) {
    deps.logger.warn({ err }, 'The purchases demo could not import its e-invoice');
  }
};

const SEED_ACTOR = 'system';
const HOSTING = 'a0000000-0000-4000-8000-000000005200';
const PROFESSIONAL_FEES = 'a0000000-0000-4000-8000-000000005400';
const OFFICE = 'a0000000-0000-4000-8000-000000005300';
const EQUIPMENT = 'a0000000-0000-4000-8000-000000001500';

/**
 * A few suppliers and their bills for the demo, so a newcomer sees purchases at work: a German host
 * billing in reverse charge (VAT self-assessed), a local law firm's bill posted and partly paid from
 * the bank, an office supplier's bill posted and open, and a draft still to post. Runs once (a
 * marker in the audit log) and only while there are no suppliers.
 */
export const seedPurchasesDemo = async (deps: AppDeps, purchases: PurchasesServices): Promise<void> => {
  const db = deps.db;
  if (await db('audit_log').where({ entity: 'purchases_demo_seed' }).first('id')) return;
  if (await db('suppliers').first('id')) return;
  const today = dayOf(deps.clock());
  const ago = (days: number) => addDays(today, -days);
  const supplier = (name: string, vatNumber: string, country: string, address: string, iban: string | null, defaultAccountId: string, defaultVatRateBp: number, paymentTermsDays: number) =>
    purchases.suppliers.create({ name, vatNumber, country, address, iban, defaultAccountId, defaultVatRateBp, paymentTermsDays }, SEED_ACTOR);
  const host = await supplier('Hetzner Online GmbH', 'DE812871812', 'DE', 'Industriestr. 25\n91710 Gunzenhausen', 'DE89370400440532013000', HOSTING, 1900, 14);
  const lawyers = await supplier('Andreou & Partners LLC', 'CY10259033P', 'CY', '28 Oktovriou Ave\n3035 Limassol', 'CY17002001280000001200527600', PROFESSIONAL_FEES, 1900, 30);
  const office = await supplier('Office Point Ltd', 'CY10318125M', 'CY', '5 Makariou Ave\n1065 Nicosia', null, OFFICE, 1900, 15);
  const bill = async (supplierId: string, number: string, date: string, lines: Array<{ description: string; accountId: string; unitPriceCents: number; vatRateBp: number; vatCategory?: string }>) =>
    purchases.bills.create({ input: { supplierId, supplierInvoiceNumber: number, date, dueDate: null, lines: lines.map((l) => ({ quantityMilli: 1000, ...l })) } }, SEED_ACTOR);
  const hosting = await bill(host.id, 'R0012345678', ago(20), [{ description: 'Dedicated server AX41 (monthly)', accountId: HOSTING, unitPriceCents: 4_900, vatRateBp: 1900, vatCategory: 'AE' }]);
  await purchases.bills.post(hosting.id, SEED_ACTOR);
  const legal = await bill(lawyers.id, 'AP-2026-118', ago(40), [{ description: 'Contract review, GRC platform licence terms', accountId: PROFESSIONAL_FEES, unitPriceCents: 120_000, vatRateBp: 1900 }]);
  await purchases.bills.post(legal.id, SEED_ACTOR);
  const bank = (await db('money_accounts').where({ is_default: true }).first('id')) as { id: string } | undefined;
  if (bank) await purchases.bills.pay(legal.id, { amountCents: 50_000, date: ago(15), moneyAccountId: bank.id, reference: 'Part payment AP-2026-118' }, SEED_ACTOR);
  const supplies = await bill(office.id, 'OP-5521', ago(8), [
    { description: 'Printer paper, 20 reams', accountId: OFFICE, unitPriceCents: 9_800, vatRateBp: 1900 },
    { description: 'Monitor 27"', accountId: EQUIPMENT, unitPriceCents: 32_900, vatRateBp: 1900 },
  ]);
  await purchases.bills.post(supplies.id, SEED_ACTOR);
  await bill(office.id, 'OP-5590', ago(1), [{ description: 'Coffee and kitchen supplies', accountId: OFFICE, unitPriceCents: 6_450, vatRateBp: 1900 }]);
  await importDemoEinvoice(deps, purchases, today);
  await db('audit_log').insert({ actor: SEED_ACTOR, entity: 'purchases_demo_seed', entity_id: host.id, action: 'seed' });
};
