import { describe, expect, it } from 'vitest';
import {
  CASH_HAS_NO_IBAN,
  CASH_NOT_DEFAULT,
  checkMoneyAccount,
  checkMoneyAccountDefaults,
  defaultDepositAccount,
  IBAN_REQUIRED,
  nextLedgerCode,
  PAYOUT_NOT_CASH,
  payoutLedgerAccount,
  purposesOf,
  TRANSFER_NOT_CASH,
  UNKNOWN_ACCOUNT,
  type MoneyAccount,
  type SaveMoneyAccount,
} from './money-account';
import { INVALID_BIC, INVALID_IBAN } from '../billing/bank';

const save: SaveMoneyAccount = { name: 'Piraeus', kind: 'bank', iban: 'gr16 0110 1250 0000 0001 2300 695', bic: 'piragraa', isDefault: false };

describe('money accounts', () => {
  it('normalises a bank account’s IBAN and BIC and trims its name', () => {
    expect(checkMoneyAccount({ ...save, name: '  Piraeus  ' })).toEqual({ ok: true, value: { ...save, name: 'Piraeus', iban: 'GR1601101250000000012300695', bic: 'PIRAGRAA' } });
  });

  it('refuses a bank account without a valid IBAN, a bad BIC, and cash with bank details or as the default', () => {
    const errors = (input: Partial<SaveMoneyAccount>) => {
      const r = checkMoneyAccount({ ...save, ...input });
      return r.ok ? {} : r.errors;
    };
    expect(errors({ iban: null })).toEqual({ iban: [IBAN_REQUIRED] });
    expect(errors({ iban: 'GR16 0110 1250 0000 0001 2300 696' })).toEqual({ iban: [INVALID_IBAN] });
    expect(errors({ bic: 'PIRA' })).toEqual({ bic: [INVALID_BIC] });
    expect(errors({ name: ' ' })).toHaveProperty('name');
    expect(errors({ name: 'a\u0000b' })).toHaveProperty('name');
    expect(errors({ name: 'x'.repeat(101) })).toHaveProperty('name');
    expect(errors({ kind: 'cash', isDefault: true })).toEqual({ iban: [CASH_HAS_NO_IBAN], bic: [CASH_HAS_NO_IBAN], isDefault: [CASH_NOT_DEFAULT] });
    expect(errors({ kind: 'cash', iban: null, bic: null })).toEqual({});
  });

  it('gives a new account the first free code of the cash range, none when it is full', () => {
    expect(nextLedgerCode(['1000', '1010', '1050'])).toBe('1001');
    expect(nextLedgerCode(['1000', '1001', '1002', '1010'])).toBe('1003');
    expect(nextLedgerCode(Array.from({ length: 99 }, (_, i) => String(1001 + i)))).toBeNull();
  });

  it('deposits cash in the cash box and a transfer in the default bank account; a card in none', () => {
    const a = (id: string, kind: 'bank' | 'cash', isDefault = false): MoneyAccount => ({ id, name: id, kind, iban: null, bic: null, ledgerAccountId: `L${id}`, isDefault });
    const accounts = [a('other', 'bank'), a('main', 'bank', true), a('till', 'cash')];
    expect(defaultDepositAccount('cash', accounts)?.id).toBe('till');
    expect(defaultDepositAccount('bank', accounts)?.id).toBe('main');
    expect(defaultDepositAccount('manual', accounts)?.id).toBe('main');
    expect(defaultDepositAccount('other', accounts)?.id).toBe('main');
    expect(defaultDepositAccount('card', accounts)).toBeNull();
    expect(defaultDepositAccount('stripe', accounts)).toBeNull();
    expect(defaultDepositAccount('credit', accounts)).toBeNull();
    expect(defaultDepositAccount('bank', [a('till', 'cash')])).toBeNull();
  });

  describe('defaults per purpose', () => {
    const a = (id: string, kind: 'bank' | 'cash', isDefault = false): MoneyAccount => ({ id, name: id, kind, iban: null, bic: null, ledgerAccountId: `L${id}`, isDefault });
    const accounts = [a('other', 'bank'), a('main', 'bank', true), a('till', 'cash'), a('safe', 'cash')];

    it('deposits each method in the account chosen for it, and falls back to the built-in rule for the rest', () => {
      const defaults = { bank: 'other', cash: 'safe', manual: 'till' };
      expect(defaultDepositAccount('bank', accounts, defaults)?.id).toBe('other');
      expect(defaultDepositAccount('cash', accounts, defaults)?.id).toBe('safe');
      expect(defaultDepositAccount('manual', accounts, defaults)?.id).toBe('till');
      expect(defaultDepositAccount('other', accounts, defaults)?.id).toBe('main');
      expect(defaultDepositAccount('card', accounts, defaults)).toBeNull();
      // A default whose account is gone (never saved so, but read defensively) is the built-in rule.
      expect(defaultDepositAccount('bank', accounts, { bank: 'gone' })?.id).toBe('main');
    });

    it('sends payouts to the chosen bank account’s ledger account, else nowhere in particular (the books’ Bank)', () => {
      expect(payoutLedgerAccount(accounts, { payout: 'other' })).toBe('Lother');
      expect(payoutLedgerAccount(accounts, {})).toBeUndefined();
      expect(payoutLedgerAccount(accounts, { payout: 'gone' })).toBeUndefined();
    });

    it('keeps the purposes given an account, and refuses an unknown account and cash for transfers and payouts', () => {
      expect(checkMoneyAccountDefaults({ bank: 'other', manual: 'till', cash: 'main', other: null, payout: 'main' }, accounts)).toEqual({ ok: true, value: { bank: 'other', manual: 'till', cash: 'main', payout: 'main' } });
      expect(checkMoneyAccountDefaults({}, accounts)).toEqual({ ok: true, value: {} });
      expect(checkMoneyAccountDefaults({ bank: 'till', payout: 'safe', other: 'nope', cash: 'till' }, accounts)).toEqual({
        ok: false,
        errors: { bank: [TRANSFER_NOT_CASH], payout: [PAYOUT_NOT_CASH], other: [UNKNOWN_ACCOUNT] },
      });
    });

    it('names the purposes an account is the default for', () => {
      expect(purposesOf('main', { bank: 'main', cash: 'till', payout: 'main' })).toEqual(['bank', 'payout']);
      expect(purposesOf('other', { bank: 'main' })).toEqual([]);
    });
  });
});
