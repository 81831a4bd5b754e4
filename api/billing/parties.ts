import type { Knex } from 'knex';
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

/** Seller and buyer as they are now: what a new or edited draft invoice records. */
export const readParties = async (db: Knex, clientId: string): Promise<DocumentParties> => {
  const client: BuyerColumns | undefined = await db('clients').where({ id: clientId }).first('name', 'address', 'country', 'vat_number');
  if (!client) throw new ValidationError('Please correct the errors below.', { clientId: [`Invalid pk "${clientId}" - object does not exist.`] });
  const seller = await readSeller(db);
  return { seller, buyer: buyerOf(client, seller) };
};
