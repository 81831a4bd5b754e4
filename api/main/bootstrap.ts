import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { generatePassword, UserService } from '../auth/user.service';
import { copySettingsBankDetails } from '../bank';
import type { Config } from '../platform/config';

/**
 * Start-up data every install needs: the superuser of ADMIN_USERNAME/ADMIN_PASSWORD (or a random
 * `admin` on an empty database, whose printed password is temporary: it must be changed at the first
 * sign-in) and the company settings row.
 */
export const bootstrap = async (db: Knex, config: Config, logger: Logger): Promise<void> => {
  const users = new UserService(db);
  if (config.adminUsername && config.adminPassword) {
    await users.ensureSuperuser(config.adminUsername, config.adminPassword);
    logger.info({ username: config.adminUsername }, 'superuser ensured');
  } else if ((await users.count()) === 0) {
    const password = generatePassword();
    await users.create({ username: 'admin', password, isSuperuser: true, passwordChangeRequired: true });
    // Printed once, on purpose, to the console rather than the JSON log.
    process.stdout.write(
      `\n  Created superuser "admin" with the temporary password: ${password}\n  Sign in with it to choose your own; it is not shown again.\n\n`,
    );
  }
  const c = config.company;
  await db('company_settings')
    .insert({
      id: 1,
      name: c.name,
      address: c.address,
      phone: c.phone,
      email: c.email,
      registration_number: c.registrationNumber,
      vat_number: c.vatNumber,
      jurisdiction: c.jurisdiction,
      country: c.country,
      iban: c.iban,
      bic: c.bic,
      standard_vat_rate_bp: c.standardVatRateBp,
    })
    .onConflict('id')
    .ignore();
  // The default bank account, created by its migration before the settings existed, takes the
  // configured IBAN and BIC (COMPANY_IBAN, COMPANY_BIC) once: invoices print that account's.
  await copySettingsBankDetails(db);
  // Installs from before the country existed get COMPANY_COUNTRY once.
  await db('company_settings').where({ id: 1, country: '' }).update({ country: c.country });
  // Installs from before the standard VAT rate get COMPANY_VAT_RATE once.
  await db('company_settings').where({ id: 1 }).whereNull('standard_vat_rate_bp').update({ standard_vat_rate_bp: c.standardVatRateBp });
};
