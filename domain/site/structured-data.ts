/**
 * schema.org JSON-LD for search engines: the organisation (from the company settings) on every
 * public page, and the two plans as offers on /pricing.
 */
import { PROFESSIONAL_ANNUAL_CENTS, PROFESSIONAL_MONTHLY_CENTS } from './pricing';

export interface OrganizationFacts {
  /** The brand the site is known by. */
  brand: string;
  /** The company behind it (company settings). */
  legalName: string;
  address: string;
  phone: string;
  email: string;
  vatNumber?: string;
  /** Absolute site URL without a trailing slash. */
  baseUrl: string;
}

export interface PlanTexts {
  professional: { name: string; description: string };
  enterprise: { name: string; description: string };
}

type JsonLd = Record<string, unknown>;

const euros = (cents: number): string => (cents / 100).toFixed(2);

export const LOGO_PATH = '/static/favicon.svg';

export const organizationJsonLd = (org: OrganizationFacts): JsonLd => ({
  '@context': 'https://schema.org',
  '@type': 'Organization',
  '@id': `${org.baseUrl}/#organization`,
  name: org.brand,
  legalName: org.legalName,
  url: `${org.baseUrl}/`,
  logo: `${org.baseUrl}${LOGO_PATH}`,
  email: org.email,
  telephone: org.phone,
  address: org.address,
  ...(org.vatNumber ? { vatID: org.vatNumber } : {}),
  contactPoint: {
    '@type': 'ContactPoint',
    contactType: 'sales',
    telephone: org.phone,
    email: org.email,
    url: `${org.baseUrl}/contact`,
    availableLanguage: ['en', 'el', 'ru'],
  },
});

/** The product with its two plans: Professional (monthly or yearly price) and Enterprise (priced on request). */
export const pricingJsonLd = (org: Pick<OrganizationFacts, 'brand' | 'baseUrl'>, plans: PlanTexts, pageUrl: string): JsonLd => ({
  '@context': 'https://schema.org',
  '@type': 'Product',
  name: org.brand,
  brand: { '@id': `${org.baseUrl}/#organization` },
  url: pageUrl,
  offers: [
    {
      '@type': 'Offer',
      name: plans.professional.name,
      description: plans.professional.description,
      url: pageUrl,
      price: euros(PROFESSIONAL_MONTHLY_CENTS),
      priceCurrency: 'EUR',
      priceSpecification: [
        { '@type': 'UnitPriceSpecification', price: euros(PROFESSIONAL_MONTHLY_CENTS), priceCurrency: 'EUR', unitCode: 'MON', referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON' } },
        { '@type': 'UnitPriceSpecification', price: euros(PROFESSIONAL_ANNUAL_CENTS), priceCurrency: 'EUR', unitCode: 'ANN', referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'ANN' } },
      ],
      seller: { '@id': `${org.baseUrl}/#organization` },
    },
    {
      '@type': 'Offer',
      name: plans.enterprise.name,
      description: plans.enterprise.description,
      url: pageUrl,
      seller: { '@id': `${org.baseUrl}/#organization` },
    },
  ],
});

/** A JSON-LD block for an HTML page: `<` is escaped so no text can close the script element. */
export const jsonLdScript = (data: JsonLd): string =>
  `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
