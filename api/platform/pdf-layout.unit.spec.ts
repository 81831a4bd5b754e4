import { describe, expect, it } from 'vitest';
import { postalLines } from './pdf-layout';

describe('postalLines', () => {
  it('prints the address and then the country in the document language', () => {
    expect(postalLines('Ermou 1\n10563 Athens', 'GR', 'en')).toEqual(['Ermou 1', '10563 Athens', 'Greece']);
    expect(postalLines('Ermou 1\n10563 Athens', 'GR', 'el')).toEqual(['Ermou 1', '10563 Athens', 'Ελλάδα']);
    expect(postalLines('Tverskaya 1\nMoscow', 'RU', 'ru')).toEqual(['Tverskaya 1', 'Moscow', 'Россия']);
  });

  it('prints the country once when the address ends with it, by code or by name in any of the languages', () => {
    for (const last of ['Greece', 'GREECE', 'GR', 'Ελλάδα', 'ελλαδα', 'Греция', ' Greece. ']) {
      expect(postalLines(`Ermou 1\n10563 Athens\n${last}`, 'GR', 'en'), last).toEqual(['Ermou 1', '10563 Athens', 'Greece']);
    }
    expect(postalLines('Ermou 1\r\nAthens\r\nGreece', 'GR', 'el')).toEqual(['Ermou 1', 'Athens', 'Ελλάδα']);
  });

  it('takes the country off the end of the last line after a comma, and keeps a line that names another one', () => {
    expect(postalLines('Ermou 1\n10563 Athens, Greece', 'GR', 'en')).toEqual(['Ermou 1', '10563 Athens', 'Greece']);
    expect(postalLines('Ermou 1\n10563 Αθήνα, Ελλάδα', 'GR', 'ru')).toEqual(['Ermou 1', '10563 Αθήνα', 'Греция']);
    expect(postalLines('Greece Street 4\nAthens', 'GR', 'en')).toEqual(['Greece Street 4', 'Athens', 'Greece']);
    expect(postalLines('Rue 1\nBelgium', 'GR', 'en')).toEqual(['Rue 1', 'Belgium', 'Greece']);
    expect(postalLines('Greece', 'GR', 'en')).toEqual(['Greece']);
  });

  it('leaves the address alone without a country, and drops blank lines', () => {
    expect(postalLines('  Ermou 1 \n\n Athens ', '', 'en')).toEqual(['Ermou 1', 'Athens']);
  });
});
