import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { dataDirSecret } from '../data-dir-secret';

const VERSION = 'v1';
const KEY_FILE = 'totp-encryption.key';

/**
 * Encrypts TOTP secrets at rest (AES-256-GCM), each bound to its user id as associated data so a
 * ciphertext copied onto another user's row does not decrypt. The key is derived (HKDF) from the
 * configured material; without any, from a random key kept in DATA_DIR, made on first use.
 */
export class SecretBox {
  private key?: Buffer;

  constructor(private readonly source: { material?: string; dataDir: string }) {}

  seal(plain: string, userId: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keyBytes(), iv);
    cipher.setAAD(Buffer.from(userId));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  /** The secret, or undefined when the box was sealed with another key or for another user. */
  open(sealed: string, userId: string): string | undefined {
    const [version, payload] = sealed.split('.');
    if (version !== VERSION || !payload) return undefined;
    const raw = Buffer.from(payload, 'base64url');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.keyBytes(), raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(userId));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }

  private keyBytes(): Buffer {
    this.key ??= Buffer.from(hkdfSync('sha256', this.source.material ?? dataDirSecret(this.source.dataDir, KEY_FILE), 'grc-two-factor', 'totp-secret', 32));
    return this.key;
  }
}
