import { jsonLdScript, organizationJsonLd, pricingJsonLd } from '../../domain/site/structured-data';
import { localizedUrl, type SiteLanguage } from '../../domain/site/site-map';
import type { CompanyInfo } from '../platform/contracts/rest.contract';
import type { Translations } from '../platform/contracts/ssr.contract';
import { lookup } from '../platform/http/page-head';
import { withoutTrailingSlashes } from '../../domain/shared/text';

export interface StructuredDataInput {
  pathname: string;
  company?: CompanyInfo;
  baseUrl: string;
  lng?: SiteLanguage;
  translations: Translations;
}

/** The JSON-LD blocks of a server-rendered page: the organisation everywhere, the plans on /pricing. */
export const structuredData = ({ pathname, company, baseUrl, lng = 'en', translations }: StructuredDataInput): string[] => {
  if (!company) return [];
  const text = (key: string) => lookup(translations, key) ?? '';
  const brand = text('common.brand') || company.name;
  const org = { brand, legalName: company.name, address: company.address, phone: company.phone, email: company.email, vatNumber: company.vat_number || undefined, baseUrl };
  const blocks = [jsonLdScript(organizationJsonLd(org))];
  if (withoutTrailingSlashes(pathname) === '/pricing') {
    const plans = {
      professional: { name: text('pricing.professional.name'), description: text('pricing.professional.tagline') },
      enterprise: { name: text('pricing.enterprise.name'), description: text('pricing.enterprise.tagline') },
    };
    blocks.push(jsonLdScript(pricingJsonLd(org, plans, localizedUrl(baseUrl, '/pricing', lng))));
  }
  return blocks;
};
