import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { StatementFileError } from './statement';
import { detectFormat, readStatementFile, STATEMENT_MAX_BYTES } from './statement-file';

// Every text given to the XML parser is counted, so a refusal can prove the parser never saw the file.
const xmlCalls = vi.hoisted(() => ({ parse: 0 }));
vi.mock('saxes', async (importOriginal) => {
  const real = await importOriginal<typeof import('saxes')>();
  class CountingParser<O extends import('saxes').SaxesOptions> extends real.SaxesParser<O> {
    override write(chunk: string | object | null): this {
      if (chunk !== null) xmlCalls.parse += 1;
      return super.write(chunk);
    }
  }
  return { ...real, SaxesParser: CountingParser };
});

const fixture = (name: string): Buffer => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

const refusal = (bytes: Uint8Array, options?: Parameters<typeof readStatementFile>[1]): StatementFileError => {
  try {
    readStatementFile(bytes, options);
  } catch (error) {
    if (error instanceof StatementFileError) return error;
    throw error;
  }
  throw new Error('the file was read');
};

beforeEach(() => {
  xmlCalls.parse = 0;
});

describe('readStatementFile: detection by content', () => {
  it.each([
    ['camt053-001-02-sparkasse.xml', 'camt.053'],
    ['camt053-001-08-piraeus.xml', 'camt.053'],
    ['mt940-commerzbank-year-end.sta', 'mt940'],
    ['ofx1-sgml-natwest.ofx', 'ofx'],
    ['ofx2-xml-chase.ofx', 'ofx'],
  ])('reads %s as %s, whatever the file is called', (name, format) => {
    expect(readStatementFile(fixture(name)).format).toBe(format);
  });

  it('reads a Latin-1 CSV with its mapping and refuses one without, asking for the mapping', () => {
    const csv = fixture('csv-sparkasse-latin1.csv');
    const mapping = {
      delimiter: ';' as const,
      headerRows: 3,
      dateFormat: 'DD.MM.YYYY' as const,
      decimal: ',' as const,
      columns: { bookingDate: 'Buchungstag', debit: 'Soll', credit: 'Haben', description: 'Verwendungszweck', counterpartyName: 'Auftraggeber/Empfänger' },
    };
    expect(readStatementFile(csv, { csv: mapping }).lines[1]!.counterpartyName).toBe('Stadtwerke München');
    expect(refusal(csv).message).toBe('this looks like a CSV file; map its columns for this bank account first');
  });

  it('refuses what is none of the formats', () => {
    expect(refusal(Buffer.from('Dear customer,\nplease find your statement attached.\nKind regards')).message).toBe('not a camt.053, MT940, OFX or CSV file');
    expect(refusal(Buffer.from('<?xml version="1.0"?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>')).message).toBe(
      'not a camt.053, MT940, OFX or CSV file',
    );
    expect(refusal(Buffer.from('%PDF-1.7\n\u0000\u0001binary')).message).toContain('is not UTF-8 or Latin-1 text');
    expect(refusal(Buffer.from('\ufeff:20:X', 'utf16le')).message).toContain('is not UTF-8 or Latin-1 text');
    expect(refusal(Buffer.from('  \n')).message).toContain('the file is empty');
    expect(detectFormat('Date;Amount\n2025-01-02;3.00\n')).toBe('csv');
    expect(detectFormat('Date;Amount\n')).toBeNull();
  });
});

describe('readStatementFile: hostile files', () => {
  it('refuses 20 MB + 1 byte before reading a byte of it, and reads 20 MB of padding', () => {
    const tooBig = new Uint8Array(STATEMENT_MAX_BYTES + 1);
    expect(refusal(tooBig).message).toBe(`the file is ${STATEMENT_MAX_BYTES + 1} bytes; a statement file may be at most 20 MB (${STATEMENT_MAX_BYTES} bytes)`);
    const camt = fixture('camt053-001-02-sparkasse.xml');
    const padded = Buffer.concat([camt, Buffer.alloc(STATEMENT_MAX_BYTES - camt.length, 0x20)]);
    expect(readStatementFile(padded).lines).toHaveLength(5);
  });

  it('refuses a billion-laughs DOCTYPE without running the XML parser', () => {
    const laughs = [
      '<?xml version="1.0"?>',
      '<!DOCTYPE Document [',
      '  <!ENTITY lol "lol">',
      ...Array.from({ length: 9 }, (_, i) => `  <!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`),
      ']>',
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Id>&lol9;</Id></Stmt></BkToCstmrStmt></Document>',
    ].join('\n');
    const error = refusal(Buffer.from(laughs));
    expect(error.message).toBe('line 2: an XML DOCTYPE declaration is not allowed in a statement file (entities are never resolved)');
    expect(xmlCalls).toEqual({ parse: 0 });
  });

  it('counts the XML parser when it does run, so the zero counts below mean it never ran', () => {
    readStatementFile(fixture('camt053-001-02-sparkasse.xml'));
    expect(xmlCalls).toEqual({ parse: 1 });
  });

  it('reads files with no module that could open a file or a URL', () => {
    const readers = ['statement-file', 'statement-text', 'statement-checks', 'camt053', 'camt053-fields', 'mt940', 'ofx', 'csv-statement'];
    for (const name of readers) {
      const source = readFileSync(new URL(`./${name}.ts`, import.meta.url), 'utf8');
      const imported = [...source.matchAll(/from '([^']+)'/g)].map((m) => m[1]!);
      // The domain's IBAN check (ibantools: tables and arithmetic, no I/O) and the currencies' table are the modules beside them.
      expect(imported.filter((m) => !/^(\.\/|\.\.\/shared\/|\.\.\/billing\/bank$|\.\.\/currency\/currencies$|saxes$|csv-parse\/sync$)/.test(m)), name).toEqual([]);
    }
  });

  it('refuses an external entity to a file, and nothing of the file is read', () => {
    const dir = mkdtempSync(join(tmpdir(), 'statement-xxe-'));
    const secret = join(dir, 'passwd');
    writeFileSync(secret, 'root:x:0:0:SECRET-MARKER-7f3a:/root:/bin/bash\n');
    for (const target of [`file://${secret}`, 'file:///etc/passwd']) {
      const camt = fixture('camt053-001-02-sparkasse.xml')
        .toString('utf8')
        .replace('<Document', `<!DOCTYPE Document [<!ENTITY xxe SYSTEM "${target}">]>\n<Document`)
        .replace('<Id>2025-03-06-00042</Id>', '<Id>&xxe;</Id>');
      const error = refusal(Buffer.from(camt));
      expect(error.where).toBe('line 2');
      expect(JSON.stringify({ ...error, message: error.message })).not.toContain('SECRET-MARKER');
      expect(error.message).not.toContain('root:');
    }
    expect(xmlCalls).toEqual({ parse: 0 });
  });

  it('refuses an ENTITY declaration even outside a DOCTYPE, and in an OFX file', () => {
    const camt = fixture('camt053-001-08-piraeus.xml').toString('utf8').replace('<camt:Stmt>', '<!ENTITY a "b"><camt:Stmt>');
    expect(refusal(Buffer.from(camt)).message).toContain('ENTITY declaration is not allowed');
    const ofx = fixture('ofx2-xml-chase.ofx').toString('utf8').replace('<OFX>', '<!doctype ofx>\n<OFX>');
    expect(refusal(Buffer.from(ofx)).message).toContain('DOCTYPE declaration is not allowed');
    expect(xmlCalls).toEqual({ parse: 0 });
  });

  it('refuses a statement whose balances do not add up, whatever its format', () => {
    const camt = fixture('camt053-001-08-piraeus.xml').toString('utf8').replace('7047.60', '7047.61');
    expect(refusal(Buffer.from(camt)).message).toMatch(/^statement GR-STMT-2025-06: the opening balance 5\.200,00.€ plus the lines gives 7\.047,60.€/);
  });

  it('reads a truncated camt.053 as a refusal naming the element left open', () => {
    const camt = fixture('camt053-001-02-sparkasse.xml').toString('utf8');
    const error = refusal(Buffer.from(camt.slice(0, camt.indexOf('</BookgDt>'))));
    expect(error.message).toContain('the file ends before <BookgDt> is closed');
  });
});
