// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../../../test/db';
import { startTestServer, type TestServer } from '../../../../test/server';
import { createTestI18n } from '../../../../test/web-i18n';
import { ApiError } from '../../api/http';
import { DemoRequestForm } from './DemoRequestForm';
import { failureText } from './usePublicForm';

let i18n: i18n;
let server: TestServer;
const setUrl = (url: string) => (window as unknown as { happyDOM: { setURL: (u: string) => void } }).happyDOM.setURL(url);

beforeAll(async () => {
  i18n = await createTestI18n('en');
  server = await startTestServer(testBackends()[0]);
  setUrl(`${server.url}/demo-request`);
});
afterAll(() => server?.close());
afterEach(cleanup);

const renderForm = () =>
  render(
    <I18nextProvider i18n={i18n}>
      <DemoRequestForm />
    </I18nextProvider>,
  );
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const fillValid = () => {
  type('Full Name', 'Chen Li');
  type('Email Address', 'chen@example.org');
  type('Company Name', 'Chen Holdings');
  type('Date', dayjs().add(3, 'day').format('YYYY-MM-DD'));
  type('Time', '14:30');
};

describe('DemoRequestForm', () => {
  it('shows the spec messages for the required fields; the message stays optional', async () => {
    renderForm();
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: /Submit Request/ })));
    expect(screen.getByRole('alert').textContent).toBe('Please correct the errors in the form.');
    for (const text of ['Full Name is required.', 'Email Address is required.', 'Company Name is required.', 'Date is required.', 'Time is required.']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(screen.getByLabelText('Message (optional)').getAttribute('aria-invalid')).toBeNull();
  });

  it("limits the date to today or later and uses a four-row message", () => {
    renderForm();
    expect(screen.getByLabelText('Date').getAttribute('min')).toBe(dayjs().format('YYYY-MM-DD'));
    expect(screen.getByLabelText('Message (optional)').getAttribute('rows')).toBe('4');
  });

  it('shows the submitting state, then books the demo and clears the form', async () => {
    renderForm();
    fillValid();
    // The click's state update is flushed synchronously; the request cannot have answered yet.
    fireEvent.click(screen.getByRole('button', { name: /Submit Request/ }));
    expect((screen.getByRole('button', { name: /Submitting Request\.\.\./ }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(screen.getByTestId('form-banner').textContent).toBe('Demo booked successfully! We will contact you soon.'));
    expect((screen.getByLabelText('Company Name') as HTMLInputElement).value).toBe('');
    expect(await server.testDb.db('demo_requests').where({ email: 'chen@example.org' }).first()).toMatchObject({ company: 'Chen Holdings', time: '14:30', message: null });
  });

  it('refuses a control character before sending, in the reader\'s language, as the server would', async () => {
    renderForm();
    fillValid();
    type('Company Name', 'Bell Holdings');
    type('Full Name', 'Chen\u0000Li');
    type('Email Address', 'bell\u0007@example.org');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: /Submit Request/ })));
    expect(screen.getAllByText('This field may not contain control characters.')).toHaveLength(2);
    expect(await server.testDb.db('demo_requests').where({ company: 'Bell Holdings' }).first()).toBeUndefined();
  });

  it('shows the client error text when the server cannot be reached', async () => {
    renderForm();
    fillValid();
    setUrl('http://127.0.0.1:9/demo-request');
    try {
      await act(async () => void fireEvent.click(screen.getByRole('button', { name: /Submit Request/ })));
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBeTruthy());
      expect(screen.getByRole('alert').textContent).not.toMatch(/booked successfully/);
    } finally {
      setUrl(`${server.url}/demo-request`);
    }
  });
});

describe('failure text order', () => {
  const t = (key: string) => i18n.t(key);
  it('prefers the server message, translated when known', () => {
    expect(failureText(new ApiError(429, 'Too many requests. Please try again later.', undefined, true), t, 'demo.failure')).toBe('Too many requests. Please try again later.');
    expect(failureText(new ApiError(400, 'Company Name is required.', undefined, true), (k) => i18n.getFixedT('el')(k), 'demo.failure')).toBe('Η επωνυμία εταιρείας είναι υποχρεωτική.');
    expect(failureText(new ApiError(500, 'Disk full', undefined, true), t, 'demo.failure')).toBe('Disk full');
    expect(failureText(new ApiError(400, 'This field must be a single line.', undefined, true), (k) => i18n.getFixedT('el')(k), 'demo.failure')).toBe('Το πεδίο πρέπει να είναι μία γραμμή.');
    expect(failureText(new ApiError(400, 'This field may not contain control characters.', undefined, true), (k) => i18n.getFixedT('ru')(k), 'demo.failure')).toBe('Поле не может содержать управляющие символы.');
  });
  it('falls back to the client error text, then to the default', () => {
    expect(failureText(new ApiError(0, 'Failed to fetch'), t, 'demo.failure')).toBe('Failed to fetch');
    expect(failureText('boom', t, 'demo.failure')).toBe('Failed to book demo. Please try again later.');
    expect(failureText(new Error(''), t, 'contact.failure')).toBe('Failed to send message. Please try again later.');
  });
});
