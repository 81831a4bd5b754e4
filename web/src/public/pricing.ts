export { annualSavingCents, PROFESSIONAL_ANNUAL_CENTS, PROFESSIONAL_MONTHLY_CENTS } from '../../../domain/site/pricing';
