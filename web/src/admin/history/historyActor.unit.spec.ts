import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../../test/web-i18n';
import { actorText } from './historyActor';

describe('who acted, in a history entry', () => {
  it('names a write made with an API token by the token, in each language', async () => {
    const entry = { actor: 'token:5b0c6d0e-5d2f-4b8e-9a51-0d1c2b3a4f5e', actorName: 'CRM sync' };
    expect(actorText(entry, (await createTestI18n('en')).t)).toBe('API token “CRM sync”');
    expect(actorText(entry, (await createTestI18n('el')).t)).toBe('το διακριτικό API «CRM sync»');
    expect(actorText(entry, (await createTestI18n('ru')).t)).toBe('API-токен «CRM sync»');
  });

  it('translates the system, the scheduler and Stripe, and names a user by the username', async () => {
    const { t } = await createTestI18n('en');
    expect(actorText({ actor: 'scheduler', actorName: 'scheduler' }, t)).toBe('the scheduler');
    expect(actorText({ actor: 'stripe', actorName: 'stripe' }, t)).toBe('Stripe');
    expect(actorText({ actor: '7d1f0a52-8c1e-4f39-9d0b-2a4c6e8f0b1d', actorName: 'admin' }, t)).toBe('admin');
  });
});
