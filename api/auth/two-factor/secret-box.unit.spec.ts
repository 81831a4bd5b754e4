import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-box-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('opens what it sealed only for the same user and the same key', () => {
    const box = new SecretBox({ material: 'key-material-one', dataDir: dir });
    const sealed = box.seal('JBSWY3DPEHPK3PXPJBSWY3DP', 'user-a');
    expect(sealed).not.toContain('JBSWY3DP');
    expect(box.seal('JBSWY3DPEHPK3PXPJBSWY3DP', 'user-a')).not.toBe(sealed);
    expect(box.open(sealed, 'user-a')).toBe('JBSWY3DPEHPK3PXPJBSWY3DP');
    expect(box.open(sealed, 'user-b')).toBeUndefined();
    expect(new SecretBox({ material: 'key-material-two', dataDir: dir }).open(sealed, 'user-a')).toBeUndefined();
    expect(box.open(`${sealed.slice(0, -2)}AA`, 'user-a')).toBeUndefined();
    expect(box.open('garbage', 'user-a')).toBeUndefined();
  });

  it('without configured material, keeps one private key file in DATA_DIR that later starts reuse', () => {
    const sealed = new SecretBox({ dataDir: dir }).seal('secret', 'u');
    const file = path.join(dir, 'totp-encryption.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(new SecretBox({ dataDir: dir }).open(sealed, 'u')).toBe('secret');
  });
});
