import { describe, expect, it } from 'vitest';
import { errorFormatter, withoutSuggestions } from './format-error';

describe('withoutSuggestions', () => {
  it('cuts graphql-js suggestions in each of their wordings, and leaves the rest of the message', () => {
    const cases: [string, string][] = [
      ['Cannot query field "publicInvoic" on type "Query". Did you mean "publicInvoice"?', 'Cannot query field "publicInvoic" on type "Query".'],
      ['Unknown argument "idd" on field "Query.publicInvoice". Did you mean "id"?', 'Unknown argument "idd" on field "Query.publicInvoice".'],
      ['Unknown type "Invoic". Did you mean "Invoice", "InvoicePage", or "InvoiceInput"?', 'Unknown type "Invoic".'],
      [
        'Value "paidd" does not exist in "InvoicePaidFilter" enum. Did you mean the enum value "paid" or "unpaid"?',
        'Value "paidd" does not exist in "InvoicePaidFilter" enum.',
      ],
      [
        'Variable "$s" got invalid value "paidd"; Value "paidd" does not exist in "InvoicePaidFilter" enum. Did you mean the enum value "paid"?',
        'Variable "$s" got invalid value "paidd"; Value "paidd" does not exist in "InvoicePaidFilter" enum.',
      ],
      [
        'Field "items" of type "[Invoice!]!" must have a selection of subfields. Did you mean "items { ... }"?',
        'Field "items" of type "[Invoice!]!" must have a selection of subfields.',
      ],
      ['Syntax Error: Expected Name, found "}".', 'Syntax Error: Expected Name, found "}".'],
    ];
    for (const [message, expected] of cases) expect(withoutSuggestions(message)).toBe(expected);
  });

  it('is applied only in production', () => {
    const formatted = { message: 'Value "x" does not exist in "E" enum. Did you mean the enum value "y"?', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } };
    expect(errorFormatter(true)(formatted, new Error()).message).toBe('Value "x" does not exist in "E" enum.');
    expect(errorFormatter(true)(formatted, new Error()).message).toBe('Value "x" does not exist in "E" enum.');
    expect(errorFormatter(false)(formatted, new Error()).message).toBe(formatted.message);
  });
});
