// @vitest-environment happy-dom
import { CombinedGraphQLErrors } from '@apollo/client';
import { MockedProvider } from '@apollo/client/testing/react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkVatNumber } from '../../../../domain/tax/vat-number';
import { createTestI18n } from '../../../../test/web-i18n';
import { ClientFormModal } from './ClientFormModal';
import { CLIENT_DOCUMENTS } from './graphql/queries/clientDocuments';
import type { ClientValues, ClientView } from './clientTypes';

let el: i18n;
beforeAll(async () => {
  el = await createTestI18n('el');
});
afterEach(cleanup);

const open = (onSave: (v: unknown) => void) =>
  render(
    <I18nextProvider i18n={el}>
      <ClientFormModal open client={null} saving={false} onCancel={() => undefined} onSave={onSave} />
    </I18nextProvider>,
  );
const type = (id: string, value: string) => fireEvent.change(document.getElementById(id)!, { target: { value } });
const save = () => act(async () => void fireEvent.click(screen.getByRole('button', { name: el.t('buttons.saveChanges') })));

describe('the client form checks clean text before saving (issue 36)', () => {
  it('refuses a control character in the name and a line separator pasted into the VAT number (an input drops \\n itself), in the screen language', async () => {
    const onSave = vi.fn();
    open(onSave);
    type('client_name', 'Acme\u0007 Ltd');
    type('client_email', 'billing@acme.test');
    type('client_vatNumber', 'CY1\u2028CY2');
    await save();
    await waitFor(() => expect(screen.getByText('Το πεδίο δεν μπορεί να περιέχει χαρακτήρες ελέγχου.')).toBeTruthy());
    expect(screen.getByText('Το πεδίο πρέπει να είναι μία γραμμή.')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('keeps line breaks in the address and saves', async () => {
    const onSave = vi.fn();
    open(onSave);
    type('client_name', 'Acme Ltd');
    type('client_email', 'billing@acme.test');
    type('client_address', '1 Road\nNicosia');
    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toMatchObject({ name: 'Acme Ltd', address: '1 Road\nNicosia' });
  });
});

describe("the client form's currency (issue 40)", () => {
  it('offers the euro by default, named in the screen language, and saves it', async () => {
    const onSave = vi.fn();
    open(onSave);
    expect(screen.getByText('Νόμισμα')).toBeTruthy();
    expect(screen.getByTestId('client-currency').textContent).toBe('EUR · Ευρώ');
    type('client_name', 'Acme Ltd');
    type('client_email', 'billing@acme.test');
    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toMatchObject({ currency: 'EUR' });
  });
});

describe("the client form checks a VAT number by its member state's rules (EC Sales List)", () => {
  const openIn = (i18n: i18n, onSave: (v: ClientValues) => Promise<void> | void, companyCountry?: string) =>
    render(
      <I18nextProvider i18n={i18n}>
        <ClientFormModal open client={null} saving={false} onCancel={() => undefined} onSave={onSave} companyCountry={companyCountry} />
      </I18nextProvider>,
    );
  const chooseCountry = async (name: string) => {
    fireEvent.mouseDown(document.querySelector('#client_country')!.closest('.ant-select')!.querySelector('.ant-select-selector, .ant-select-content, input')!);
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === name);
      if (!found) throw new Error(`no option ${name}`);
      return found;
    });
    fireEvent.click(option);
  };

  it("ru: refuses a German number's wrong check digits for a client in Germany, and re-checks when the country changes", async () => {
    const ru = await createTestI18n('ru');
    const onSave = vi.fn();
    openIn(ru, onSave, 'GR');
    type('client_name', 'Kunde GmbH');
    type('client_email', 'billing@kunde.test');
    await chooseCountry('Германия (DE)');
    type('client_vatNumber', 'DE812871813');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: ru.t('buttons.saveChanges') })));
    await waitFor(() => expect(screen.getByText('Контрольные цифры не сходятся — возможно, опечатка. Пример номера НДС (Германия): DE812871812.')).toBeTruthy());
    expect(onSave).not.toHaveBeenCalled();
    type('client_vatNumber', 'DE812871812');
    await waitFor(() => expect(screen.queryByText(/Контрольные цифры/)).toBeNull());
    // The country changes under the number: another state's prefix.
    await chooseCountry('Австрия (AT)');
    await waitFor(() => expect(screen.getByText('Номер начинается с DE — это префикс другой страны ЕС. Пример номера НДС (Австрия): ATU13585627.')).toBeTruthy());
  });

  it("el: without a country of its own the client is checked against the company's; a refusal the server still gives is worded in Greek", async () => {
    const onSave = vi.fn();
    openIn(el, onSave, 'GR');
    type('client_name', 'Πελάτης Α.Ε.');
    type('client_email', 'info@pelatis.test');
    type('client_vatNumber', 'EL094014202');
    await save();
    await waitFor(() => expect(screen.getByText('Τα ψηφία ελέγχου δεν ταιριάζουν (λάθος πληκτρολόγησης;). Παράδειγμα ΑΦΜ ΦΠΑ (Ελλάδα): EL094014201.')).toBeTruthy());
    expect(onSave).not.toHaveBeenCalled();
    cleanup();
    // A number saved before the checks stays while neither it nor the country changes; when the server
    // refuses it anyway (the client was changed meanwhile), its English text is worded in Greek too.
    const refusing = vi.fn(async () => {
      throw new CombinedGraphQLErrors({ errors: [{ message: 'Please correct the errors below.', extensions: { code: 'BAD_USER_INPUT', fieldErrors: { 'input.vatNumber': [checkVatNumber('094014202', 'GR')!] } } }] });
    });
    const stored = { id: 'c1', name: 'Πελάτης Α.Ε.', email: 'info@pelatis.test', phone: '', address: '', vatNumber: '094014202', country: 'GR', language: 'el', remindersExcluded: false, currency: 'EUR' } as ClientView;
    render(
      <MockedProvider mocks={[{ request: { query: CLIENT_DOCUMENTS, variables: { clientId: 'c1' } }, result: { data: { invoices: { total: 1, __typename: 'InvoicePage' }, subscriptions: { total: 0, __typename: 'SubscriptionPage' } } } }]}>
        <I18nextProvider i18n={el}>
          <ClientFormModal open client={stored} saving={false} onCancel={() => undefined} onSave={refusing} companyCountry="GR" />
        </I18nextProvider>
      </MockedProvider>,
    );
    await save();
    await waitFor(() => expect(refusing).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByText('Τα ψηφία ελέγχου δεν ταιριάζουν (λάθος πληκτρολόγησης;). Παράδειγμα ΑΦΜ ΦΠΑ (Ελλάδα): EL094014201.')).toBeTruthy());
    expect(screen.queryByText(/check digits/)).toBeNull();
  });
});
