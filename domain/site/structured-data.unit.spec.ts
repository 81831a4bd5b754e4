import { describe, expect, it } from 'vitest';
import { jsonLdScript, organizationJsonLd, pricingJsonLd } from './structured-data';

const org = { brand: 'Aegis GRC', legalName: 'Aegis GRC Ltd', address: '12 Example Street, Nicosia', phone: '+357 22 000000', email: 'info@example.com', vatNumber: 'CY1X', baseUrl: 'https://grc.example' };

describe('structured data', () => {
  it('describes the organisation from the company settings, with a sales contact point and the logo', () => {
    expect(organizationJsonLd(org)).toMatchObject({
      '@type': 'Organization',
      name: 'Aegis GRC',
      legalName: 'Aegis GRC Ltd',
      url: 'https://grc.example/',
      logo: 'https://grc.example/static/favicon.svg',
      vatID: 'CY1X',
      contactPoint: { '@type': 'ContactPoint', contactType: 'sales', telephone: '+357 22 000000', email: 'info@example.com' },
    });
    expect(organizationJsonLd({ ...org, vatNumber: undefined })).not.toHaveProperty('vatID');
  });

  it('offers the two plans: Professional at 2,000 a month or 20,000 a year, Enterprise on request', () => {
    const plans = { professional: { name: 'Professional', description: 'All modules' }, enterprise: { name: 'Enterprise', description: 'Tailored' } };
    const product = pricingJsonLd(org, plans, 'https://grc.example/pricing?lng=en') as { offers: Record<string, unknown>[] };
    expect(product.offers).toHaveLength(2);
    expect(product.offers[0]).toMatchObject({ name: 'Professional', price: '2000.00', priceCurrency: 'EUR' });
    expect(product.offers[0]!.priceSpecification).toEqual([
      expect.objectContaining({ price: '2000.00', unitCode: 'MON' }),
      expect.objectContaining({ price: '20000.00', unitCode: 'ANN' }),
    ]);
    expect(product.offers[1]).toMatchObject({ name: 'Enterprise' });
    expect(product.offers[1]).not.toHaveProperty('price');
  });

  it('writes a script element no company name can close early', () => {
    const script = jsonLdScript(organizationJsonLd({ ...org, legalName: '</script><script>alert(1)</script>' }));
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.parse(script.replace(/^<script[^>]*>|<\/script>$/g, '')).legalName).toBe('</script><script>alert(1)</script>');
  });
});
