import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserService } from '../../auth/user.service';
import { createDb } from './knex';
import { migrate } from '../../main/migrate';

describe('embedded database', () => {
  it('keeps its data across a restart in DATA_DIR', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grc-pglite-'));
    try {
      const first = await createDb({ pgliteDir: dir });
      await migrate(first);
      await new UserService(first).create({ username: 'persisted', password: 'persisted-1' });
      await first.destroy();

      const second = await createDb({ pgliteDir: dir });
      await migrate(second);
      expect(await new UserService(second).findByUsername('persisted')).toMatchObject({ username: 'persisted' });
      expect(await new UserService(second).authenticate('persisted', 'persisted-1')).toBeTruthy();
      await second.destroy();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
