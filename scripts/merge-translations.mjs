// Deep-merges translation keys into web/public/static/locales/<lng>/translation.json without
// dropping keys other areas added. Usage: node scripts/merge-translations.mjs <dir with en.json, el.json, ru.json>
import fs from 'node:fs';
import path from 'node:path';

const [source] = process.argv.slice(2);
if (!source) throw new Error('usage: merge-translations.mjs <dir>');
const target = path.resolve(import.meta.dirname, '../web/public/static/locales');
const isObject = (v) => v && typeof v === 'object' && !Array.isArray(v);
const merge = (base, extra) => {
  const out = { ...base };
  for (const [k, v] of Object.entries(extra)) out[k] = isObject(v) && isObject(out[k]) ? merge(out[k], v) : v;
  return out;
};
for (const lng of ['en', 'el', 'ru']) {
  const file = path.join(target, lng, 'translation.json');
  const current = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  const extra = JSON.parse(fs.readFileSync(path.join(source, `${lng}.json`), 'utf8'));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(merge(current, extra), null, 2)}\n`);
}
console.log('merged translations into', target);
