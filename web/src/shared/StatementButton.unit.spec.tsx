// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initReactI18next } from 'react-i18next';
import el from '../../public/static/locales/el/translation.json';
import en from '../../public/static/locales/en/translation.json';
import { localToday } from '../common/format';
import { defaultStatementPeriod, StatementButton, statementUrl } from './StatementButton';

beforeAll(async () => {
  dayjs.locale('en');
  await i18n.use(initReactI18next).init({
    lng: 'en',
    supportedLngs: ['en', 'el', 'ru'],
    resources: { en: { translation: en }, el: { translation: el } },
    interpolation: { escapeValue: false },
  });
});
afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en'));
});

describe('StatementButton', () => {
  it('builds the address of the PDF from the period and the language', () => {
    expect(statementUrl('/api/portal/my-account/statement/', { from: '2026-01-01', to: '2026-03-31', lang: 'ru' })).toBe(
      '/api/portal/my-account/statement/?from=2026-01-01&to=2026-03-31&lang=ru',
    );
    expect(defaultStatementPeriod('2026-07-14')).toEqual({ from: '2026-01-01', to: '2026-07-14' });
  });

  it('downloads the year to date in the screen language from the dialog', async () => {
    render(<StatementButton path="/api/clients/c1/statement/" />);
    fireEvent.click(screen.getByRole('button', { name: /Statement/ }));
    expect(await screen.findByText(en.statement.intro)).toBeTruthy();
    const { from, to } = defaultStatementPeriod(localToday());
    const link = screen.getByTestId('statement-download');
    expect(link.getAttribute('href')).toBe(`/api/clients/c1/statement/?from=${from}&to=${to}&lang=en`);
    expect(link.hasAttribute('download')).toBe(true);
    expect(screen.getByLabelText(en.statement.from)).toBeTruthy();
    expect(screen.getByLabelText(en.statement.to)).toBeTruthy();
  });

  it('speaks Greek and asks for the Greek PDF', async () => {
    await act(() => i18n.changeLanguage('el'));
    render(<StatementButton path="/api/portal/my-account/statement/" />);
    fireEvent.click(screen.getByRole('button', { name: new RegExp(el.statement.button) }));
    expect(await screen.findByText(el.statement.intro)).toBeTruthy();
    expect(screen.getByTestId('statement-download').getAttribute('href')).toMatch(/&lang=el$/);
    expect(screen.getByText(el.statement.download)).toBeTruthy();
  });
});
