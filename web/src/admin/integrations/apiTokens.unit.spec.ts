import { describe, expect, it } from 'vitest';
import { areasAfterChange, expiryShown, nameTaken, prefixShown, tokenFieldOf, tokenInput, tokenStatus, tokenStatusTone, type ApiTokenView } from './apiTokens';

const NOW = new Date('2026-05-10T12:00:00Z');
const token = (over: Partial<ApiTokenView> = {}): ApiTokenView => ({
  id: 't1',
  name: 'CRM sync',
  scope: 'read',
  areas: ['billing'],
  prefix: 'grcb_abcd',
  createdAt: '2026-05-01T09:00:00.000Z',
  expiresAt: null,
  lastUsedAt: null,
  revokedAt: null,
  ...over,
});

describe('an API token as the list shows it', () => {
  it('is live until it expires or is revoked; revoked wins over expired', () => {
    expect(tokenStatus(token(), NOW)).toBe('live');
    expect(tokenStatus(token({ expiresAt: '2026-05-10T23:59:59.999Z' }), NOW)).toBe('live');
    expect(tokenStatus(token({ expiresAt: '2026-05-10T12:00:00.000Z' }), NOW)).toBe('expired');
    expect(tokenStatus(token({ expiresAt: '2026-05-09T23:59:59.999Z' }), NOW)).toBe('expired');
    expect(tokenStatus(token({ revokedAt: '2026-05-02T10:00:00.000Z' }), NOW)).toBe('revoked');
    expect(tokenStatus(token({ revokedAt: '2026-05-02T10:00:00.000Z', expiresAt: '2026-05-03T00:00:00.000Z' }), NOW)).toBe('revoked');
    expect(['live', 'expired', 'revoked'].map((s) => tokenStatusTone(s as 'live'))).toEqual(['success', 'warning', 'default']);
  });

  it('shows an expiry chosen as a day as that day, whatever the reader’s time zone; another instant with its time', () => {
    expect(expiryShown('2026-12-31T23:59:59.999Z')).toEqual({ day: '2026-12-31' });
    expect(expiryShown('2026-12-31T10:00:00.000Z')).toEqual({ instant: '2026-12-31T10:00:00.000Z' });
  });

  it('shows its prefix as plainly cut short', () => {
    expect(prefixShown('grcb_abcd')).toBe('grcb_abcd…');
  });
});

describe('choosing a new token’s areas', () => {
  it('unticks the others when All is ticked', () => {
    expect(areasAfterChange([], ['all'])).toEqual(['all']);
    expect(areasAfterChange(['billing'], ['billing', 'all'])).toEqual(['all']);
    expect(areasAfterChange(['billing', 'accounting'], ['billing', 'accounting', 'all'])).toEqual(['all']);
  });

  it('unticks All when billing or accounting is ticked after it', () => {
    expect(areasAfterChange(['all'], ['all', 'accounting'])).toEqual(['accounting']);
    expect(areasAfterChange(['all'], ['billing', 'all'])).toEqual(['billing']);
  });

  it('keeps any other choice as it is, in the areas’ order', () => {
    expect(areasAfterChange(['accounting'], ['accounting', 'billing'])).toEqual(['billing', 'accounting']);
    expect(areasAfterChange(['billing', 'accounting'], ['accounting'])).toEqual(['accounting']);
    expect(areasAfterChange(['all'], [])).toEqual([]);
  });
});

describe('the new-token form', () => {
  it('sends the trimmed name, and an expiry only when one is chosen', () => {
    expect(tokenInput({ name: '  CRM sync ', scope: 'write', areas: ['billing'], expiresAt: null })).toEqual({ name: 'CRM sync', scope: 'write', areas: ['billing'] });
    expect(tokenInput({ name: 'Warehouse', scope: 'read', areas: ['all'], expiresAt: '2026-12-31' })).toEqual({ name: 'Warehouse', scope: 'read', areas: ['all'], expiresAt: '2026-12-31' });
  });

  it('puts the server’s field errors under their fields (expires_at is the expiry)', () => {
    expect(['name', 'scope', 'areas', 'areas.1', 'expires_at', 'input.expiresAt', 'input.name'].map(tokenFieldOf)).toEqual(['name', 'scope', 'areas', 'areas', 'expiresAt', 'expiresAt', 'name']);
  });

  it('knows a name a token not revoked already has, whatever its case', () => {
    const tokens = [token(), token({ id: 't2', name: 'Old export', revokedAt: '2026-05-02T10:00:00.000Z' }), token({ id: 't3', name: 'Expired one', expiresAt: '2026-05-01T00:00:00.000Z' })];
    expect(nameTaken(tokens, ' crm SYNC ')).toBe(true);
    expect(nameTaken(tokens, 'Old export')).toBe(false);
    expect(nameTaken(tokens, 'expired one')).toBe(true);
    expect(nameTaken(tokens, '')).toBe(false);
  });
});
