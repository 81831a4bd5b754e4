// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../../../test/web-i18n';
import { ClientFormModal } from './ClientFormModal';

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
