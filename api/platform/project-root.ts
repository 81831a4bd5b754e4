import fs from 'node:fs';
import path from 'node:path';

/** The directory holding package.json, searched upwards: the same from a source folder (tsx) and from dist/server (compiled). */
export const projectRoot = (from: string): string => {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return from;
  }
};
