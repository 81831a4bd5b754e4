import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A random secret kept in a file of DATA_DIR (mode 0600), made on first use, so every process
 * started on that DATA_DIR reads the same one and it survives restarts. The file appears whole or
 * not at all (written aside, then linked into place): processes starting together never read a
 * half-written secret, and all of them keep the first one linked.
 */
export const dataDirSecret = (dataDir: string, fileName: string): string => {
  const file = path.join(dataDir, fileName);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(draft, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    try {
      fs.linkSync(draft, file);
    } catch (err) {
      // Another process linked its own first: use theirs.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  return fs.readFileSync(file, 'utf8').trim();
};
