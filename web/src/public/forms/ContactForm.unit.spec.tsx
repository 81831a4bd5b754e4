// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../../../test/db';
import { startTestServer, type TestServer } from '../../../../test/server';
import { createTestI18n } from '../../../../test/web-i18n';
import { ContactForm } from './ContactForm';

let i18n: i18n;
let server: TestServer;

beforeAll(async () => {
  i18n = await createTestI18n('en');
  server = await startTestServer(testBackends()[0], { limits: { publicFormsPerIp: 2 } });
  // Relative /api calls of the component go to the real server.
  (window as unknown as { happyDOM: { setURL: (u: string) => void } }).happyDOM.setURL(`${server.url}/contact`);
});
afterAll(() => server?.close());
afterEach(cleanup);

const renderForm = () =>
  render(
    <I18nextProvider i18n={i18n}>
      <ContactForm />
    </I18nextProvider>,
  );
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => act(async () => void fireEvent.click(screen.getByRole('button', { name: /Send Message/ })));

describe('ContactForm', () => {
  it('shows the spec messages for empty fields and stores nothing', async () => {
    renderForm();
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('Please correct the errors in the form.');
    for (const text of ['Full Name is required.', 'Email Address is required.', 'Subject is required.', 'Message is required.']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(await server.testDb.db('contact_messages').count({ n: '*' }).first()).toMatchObject({ n: 0 });
  });

  it('rejects an invalid email and clears a field error once the field is edited', async () => {
    renderForm();
    type('Full Name', 'Ada');
    type('Email Address', 'ada-at-example');
    await submit();
    expect(screen.getByText('Email Address is invalid.')).toBeTruthy();
    expect(screen.queryByText('Full Name is required.')).toBeNull();
    expect(screen.getByLabelText('Email Address').getAttribute('aria-invalid')).toBe('true');
    type('Email Address', 'ada@example.org');
    expect(screen.getByLabelText('Email Address').getAttribute('aria-invalid')).toBeNull();
  });

  it('sends a valid message to the server, shows success and clears the form', async () => {
    renderForm();
    type('Full Name', 'Ada Lovelace');
    type('Email Address', 'ada@example.org');
    type('Subject', 'Pricing');
    type('Message', 'Please call me back.');
    expect(screen.getByLabelText('Message').getAttribute('rows')).toBe('5');
    await submit();
    await waitFor(() => expect(screen.getByTestId('form-banner').textContent).toBe('Message sent successfully!'));
    expect((screen.getByLabelText('Full Name') as HTMLInputElement).value).toBe('');
    expect(await server.testDb.db('contact_messages').where({ email: 'ada@example.org' }).first()).toMatchObject({ subject: 'Pricing', message: 'Please call me back.' });
  });

  it("shows the server's message (translated) when the server refuses", async () => {
    renderForm();
    // The server allows two submissions per IP here; the third is refused with 429.
    for (let i = 0; i < 3 && !screen.queryByRole('alert'); i++) {
      type('Full Name', 'Bo');
      type('Email Address', 'bo@example.org');
      type('Subject', 'Hi');
      type('Message', `Attempt ${i}`);
      await submit();
      await waitFor(() => expect(screen.getByTestId('form-banner')).toBeTruthy());
    }
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Too many requests. Please try again later.'));
    await act(() => i18n.changeLanguage('ru'));
    type('Имя и фамилия', 'Bo');
    type('Адрес электронной почты', 'bo@example.org');
    type('Тема', 'Hi');
    type('Сообщение', 'Again');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: /Отправить сообщение/ })));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Слишком много запросов. Пожалуйста, повторите попытку позже.'));
    await act(() => i18n.changeLanguage('en'));
  });
});
