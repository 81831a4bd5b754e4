import type { Knex } from 'knex';
import type { PayeeAccount } from '../../domain/invoice/events';
import type { DocumentParties, Party, SellerParty } from '../../domain/invoice/vat';
import { NotFoundError, ValidationError } from '../../domain/shared/errors';

/** What of a client row names the buyer on a document. */
export interface BuyerColumns {
  name: string;
  address: string;
  country: string;
  vat_number: string;
}

/** The company as seller (company_settings, id 1). Takes any knex handle (a transaction too). */
export const readSeller = async (db: Knex): Promise<SellerParty> => {
  const row = await db('company_settings').where({ id: 1 }).first('name', 'address', 'country', 'vat_number', 'registration_number');
  if (!row) throw new NotFoundError('Company settings are missing.');
  return { name: row.name, address: row.address, country: row.country, vatNumber: row.vat_number, registrationNumber: row.registration_number };
};

/** A client as buyer; one without a country is in the seller's. */
export const buyerOf = (client: BuyerColumns, seller: Pick<Party, 'country'>): Party => ({
  name: client.name,
  address: client.address,
  country: client.country || seller.country,
  vatNumber: client.vat_number,
});

/** Seller and buyer as they are now: what a new or edited draft invoice records (one query). */
export const readParties = async (db: Knex, clientId: string): Promise<DocumentParties> => {
  const row = await db('company_settings as s')
    .leftJoin('clients as c', (on) => on.onVal('c.id', clientId))
    .where('s.id', 1)
    // Prepared once per connection: every new document reads its parties with this text.
    .options({ name: 'read_parties' })
    .first(
      's.name as seller_name', 's.address as seller_address', 's.country as seller_country', 's.vat_number as seller_vat_number', 's.registration_number',
      'c.id as client_id', 'c.name', 'c.address', 'c.country', 'c.vat_number',
    );
  if (!row) throw new NotFoundError('Company settings are missing.');
  if (!row.client_id) throw new ValidationError('Please correct the errors below.', { clientId: [`Invalid pk "${clientId}" - object does not exist.`] });
  const seller: SellerParty = { name: row.seller_name, address: row.seller_address, country: row.seller_country, vatNumber: row.seller_vat_number, registrationNumber: row.registration_number };
  return { seller, buyer: buyerOf(row, seller) };
};

/** The account documents ask to be paid into now: the default bank account's IBAN and BIC ('' where none). */
export const readPayee = async (db: Knex): Promise<PayeeAccount> => {
  const row = (await db('money_accounts').where({ is_default: true }).first('iban', 'bic')) as { iban: string | null; bic: string | null } | undefined;
  return { iban: row?.iban ?? '', bic: row?.bic ?? '' };
};
