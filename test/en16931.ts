import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * Runs the official EN 16931 business rules (CEN/TC 434 validation artefacts, UBL binding,
 * vendored unmodified in vendor/en16931/, see its README) on a UBL 2.1 Invoice or CreditNote, with
 * SaxonJS. The first call compiles the rules to SaxonJS's SEF form with xslt3 (about 20 s on two
 * cores) and keeps it in the system temp folder, keyed by the rules' and SaxonJS's versions; later
 * documents take about a second each, so validate a set of documents in one test file.
 */
export const EN16931_DIR = resolve(import.meta.dirname, '..', 'vendor', 'en16931');
const RULES = join(EN16931_DIR, 'EN16931-UBL-validation.xslt');
const SVRL = 'http://purl.oclc.org/dsdl/svrl';

export interface Assertion {
  /** The rule's identifier, e.g. BR-03 or BR-CO-15. */
  id: string;
  text: string;
  /** XPath of the element the rule failed on. */
  location: string;
}
export interface ValidationResult {
  fatal: Assertion[];
  warnings: Assertion[];
}

/** The part of SaxonJS 2 used here (the package ships no type declarations). */
interface SaxonJS {
  getProcessorInfo(): { productVersion: string };
  transform(options: { stylesheetFileName: string; sourceText: string; destination: 'document' }, mode: 'sync'): { principalResult: unknown };
  XPath: { evaluate(xpath: string, context: unknown, options: { namespaceContext: Record<string, string>; resultForm?: 'array' }): unknown };
}

const require = createRequire(import.meta.url);
let compiled: { saxon: SaxonJS; sef: string } | undefined;

const compiledRules = () => {
  if (compiled) return compiled;
  const saxon = require('saxon-js') as SaxonJS;
  const key = createHash('sha256').update(readFileSync(RULES)).update(saxon.getProcessorInfo().productVersion).digest('hex').slice(0, 16);
  const sef = join(tmpdir(), `en16931-ubl-${key}.sef.json`);
  if (!existsSync(sef)) {
    // Test files may compile at the same time: each writes its own file and renames it into place.
    const partial = `${sef}.${process.pid}.tmp`;
    try {
      execFileSync(process.execPath, [require.resolve('xslt3/xslt3.js'), `-xsl:${RULES}`, `-export:${partial}`, '-nogo', '-relocate:on'], { stdio: 'pipe' });
      renameSync(partial, sef);
    } finally {
      rmSync(partial, { force: true });
    }
  }
  compiled = { saxon, sef };
  return compiled;
};

const assertions = (saxon: SaxonJS, report: unknown, fatal: boolean): Assertion[] => {
  const namespaceContext = { svrl: SVRL };
  const flag = fatal ? "@flag = 'fatal' or not(@flag)" : "@flag and @flag != 'fatal'";
  const found = saxon.XPath.evaluate(`//svrl:failed-assert[${flag}]`, report, { namespaceContext, resultForm: 'array' }) as unknown[];
  const text = (xpath: string, node: unknown) => String(saxon.XPath.evaluate(`string(${xpath})`, node, { namespaceContext })).trim();
  return found.map((node) => ({ id: text('@id', node), text: text('svrl:text', node), location: text('@location', node) }));
};

/** The official rules' verdict on one UBL document: a document passes when `fatal` is empty. */
export const validateUbl = (xml: string): ValidationResult => {
  const { saxon, sef } = compiledRules();
  const report = saxon.transform({ stylesheetFileName: sef, sourceText: xml, destination: 'document' }, 'sync').principalResult;
  return { fatal: assertions(saxon, report, true), warnings: assertions(saxon, report, false) };
};
