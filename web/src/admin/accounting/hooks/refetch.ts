/** Every list and statement a ledger write changes: Apollo refetches those on screen. */
export const LEDGER_QUERIES = ['JournalEntries', 'IncomeStatement', 'BalanceSheet', 'CashFlow', 'TrialBalance', 'AccountLedger', 'JournalEntryHistory'];
