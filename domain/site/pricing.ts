/** Professional plan prices in integer cents (spec section 9). */
export const PROFESSIONAL_MONTHLY_CENTS = 2_000_00;
export const PROFESSIONAL_ANNUAL_CENTS = 20_000_00;

/** What a year of monthly billing costs more than the annual plan: the page's "Save ..." claim. */
export const annualSavingCents = (monthly = PROFESSIONAL_MONTHLY_CENTS, annual = PROFESSIONAL_ANNUAL_CENTS): number =>
  12 * monthly - annual;
