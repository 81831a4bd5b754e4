import { describe, expect, it } from 'vitest';
import { readViesAnswer, viesRequest, ViesUnavailable } from './vies';

describe('VIES', () => {
  it('asks for a number by its member state prefix, without it in the number', () => {
    expect(viesRequest('DE 812 871 812', 'DE')).toEqual({ countryCode: 'DE', vatNumber: '812871812' });
    expect(viesRequest('094014201', 'GR')).toEqual({ countryCode: 'EL', vatNumber: '094014201' });
    expect(() => viesRequest('CHE-123.456.789', 'CH')).toThrow(/member states only/);
    expect(() => viesRequest('', 'DE')).toThrow(/no VAT number/);
  });

  it('reads an answer, and takes one that checked nothing for no answer', () => {
    expect(readViesAnswer({ countryCode: 'DE', vatNumber: '812871812', requestDate: '2026-12-01T09:00:00.000Z', valid: true, requestIdentifier: 'WAPIAAAAW1234', name: 'Hetzner Online GmbH', address: '---', userError: 'VALID' })).toEqual({
      valid: true,
      requestDate: '2026-12-01',
      requestIdentifier: 'WAPIAAAAW1234',
      name: 'Hetzner Online GmbH',
      address: null,
    });
    expect(readViesAnswer({ requestDate: '2026-12-01', valid: false, userError: 'INVALID' })).toMatchObject({ valid: false, name: null });
    expect(() => readViesAnswer({ userError: 'MS_UNAVAILABLE', valid: false, requestDate: '2026-12-01' })).toThrow(ViesUnavailable);
    expect(() => readViesAnswer({ requestDate: '2026-12-01' })).toThrow(/without saying/);
    expect(() => readViesAnswer('<html>')).toThrow(ViesUnavailable);
  });
});
