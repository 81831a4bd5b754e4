import fs from 'node:fs';
import PDFDocument from 'pdfkit';
import type { SellerParty } from '../../domain/invoice/vat';

/** What the documents of record (invoices, credit notes, statements) share on paper. */

// The standard PDF fonts have no Greek or Cyrillic: embed a Unicode TrueType font when the system has one.
const UNICODE_FONTS = [process.env.PDF_FONT, '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'].filter(Boolean) as string[];
const UNICODE_BOLD = [process.env.PDF_FONT_BOLD, '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'].filter(Boolean) as string[];
/** The font file's bytes, read once per process (pdfkit embeds the glyphs each document uses). */
const fontCache = new Map<string, Buffer | null>();
const firstExisting = (paths: string[]): Buffer | undefined => {
  const key = paths.join('|');
  if (!fontCache.has(key)) {
    const found = paths.find((p) => fs.existsSync(p));
    fontCache.set(key, found ? fs.readFileSync(found) : null);
  }
  return fontCache.get(key) ?? undefined;
};

export type FontWeight = 'regular' | 'bold';

export interface PdfPage {
  doc: PDFKit.PDFDocument;
  /** Switches to the weight's font (the embedded Unicode one when the system has it). */
  font: (weight: FontWeight) => PDFKit.PDFDocument;
  /** The finished file, once `doc.end()` has been called. */
  done: Promise<Buffer>;
}

/** An A4 document with its fonts registered once: pdfkit would otherwise parse the font file at every switch. */
export const startPdf = (info: { Title: string; Author: string }, page: { layout?: 'portrait' | 'landscape'; margin?: number } = {}): PdfPage => {
  const doc = new PDFDocument({ size: 'A4', margin: page.margin ?? 50, layout: page.layout ?? 'portrait', info });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const regular = firstExisting(UNICODE_FONTS);
  const bold = firstExisting(UNICODE_BOLD) ?? regular;
  if (regular) doc.registerFont('regular', regular);
  if (bold) doc.registerFont('bold', bold);
  const font = (weight: FontWeight) => doc.font(weight === 'bold' ? (bold ? 'bold' : 'Helvetica-Bold') : regular ? 'regular' : 'Helvetica');
  return { doc, font, done };
};

/** dd.mm.yyyy, as German-format invoices print dates. */
export const pdfDay = (iso: string): string => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

export const countryName = (code: string, language: string): string => {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
};

export const addressLines = (address: string): string[] =>
  address
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

const edge = (c: string): boolean => c === '.' || c === ',' || c.trim() === '';

/** A line as compared with a country's names: no accents, no case, no space, dots or commas around it. */
const folded = (line: string): string => {
  const s = line.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');
  let start = 0;
  let end = s.length;
  while (start < end && edge(s[start]!)) start += 1;
  while (end > start && edge(s[end - 1]!)) end -= 1;
  return s.slice(start, end);
};

/**
 * A party's postal lines: its address, then its country once, named in the document's language. An
 * address whose last line already names the country (its code, or its name in English, Greek,
 * Russian or the document's language), alone or after a comma, gives that name up, so
 * "Athens / Greece" does not print Greece twice or "Greece" above "Ελλάδα".
 */
export const postalLines = (address: string, country: string, language: string): string[] => {
  const lines = addressLines(address);
  if (!country) return lines;
  const names = new Set([country, ...['en', 'el', 'ru', language].map((l) => countryName(country, l))].map(folded));
  const last = lines.pop() ?? '';
  // "10563 Athens, Greece": the town stays, the country goes to its own line.
  const comma = last.lastIndexOf(',');
  const kept = names.has(folded(last)) ? '' : comma > 0 && names.has(folded(last.slice(comma + 1))) ? last.slice(0, comma).trimEnd() : last;
  return [...lines, ...(kept ? [kept] : []), countryName(country, language)];
};

/** The company's block at the top left of every document: name, address, country, numbers, contact. */
export const writeSellerHeader = (
  { doc, font }: PdfPage,
  seller: SellerParty & { phone: string; email: string },
  language: string,
  t: { vatNumber: string; registration: string },
): void => {
  font('bold').fontSize(16).text(seller.name, 50, 50, { width: 240 });
  font('regular').fontSize(9).fillColor('#444');
  const lines = [
    ...postalLines(seller.address, seller.country, language),
    seller.vatNumber && `${t.vatNumber}: ${seller.vatNumber}`,
    seller.registrationNumber && `${t.registration}: ${seller.registrationNumber}`,
    seller.phone,
    seller.email,
  ];
  for (const line of lines) if (line) doc.text(line, { width: 240 });
};

/** The document's title and its details at the top right; returns where the page goes on below both blocks. */
export const writeTitleBlock = ({ doc, font }: PdfPage, title: string, titleSize: number, meta: [string, string][]): number => {
  const headerBottom = doc.y;
  font('bold').fontSize(titleSize).fillColor('#000').text(title, 300, 50, { width: 245, align: 'right' });
  font('regular').fontSize(10);
  let y = 82;
  for (const [k, v] of meta) {
    doc.text(`${k}: ${v}`, 300, y, { width: 245, align: 'right' });
    y = doc.y + 2;
  }
  return Math.max(doc.y, y, headerBottom);
};
