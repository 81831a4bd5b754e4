import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { compileEn16931RulesSync, type Assertion, type RulesVerdict } from '../api/platform/en16931/rules';
import { failedAssertions, type SaxonXPath } from '../api/platform/en16931/svrl.mjs';

/**
 * Runs the official EN 16931 business rules (CEN/TC 434 validation artefacts, UBL binding,
 * vendored unmodified in vendor/en16931/, see its README) on a UBL 2.1 Invoice or CreditNote, with
 * SaxonJS, in the test's own thread (the product runs them in a worker: api/platform/en16931). The
 * rules are compiled once per machine, as the product compiles them; later documents take about a
 * second each, so validate a set of documents in one test file.
 */
export { EN16931_DIR } from '../api/platform/en16931/rules';
export type { Assertion };
export type ValidationResult = RulesVerdict;

/** The part of SaxonJS 2 used here (the package ships no type declarations). */
interface SaxonJS extends SaxonXPath {
  transform(options: { stylesheetFileName: string; sourceText: string; destination: 'document' }, mode: 'sync'): { principalResult: unknown };
}

const require = createRequire(import.meta.url);
let compiled: { saxon: SaxonJS; sef: string } | undefined;

const compiledRules = () => {
  compiled ??= { saxon: require('saxon-js') as SaxonJS, sef: compileEn16931RulesSync((file, args) => execFileSync(file, args, { stdio: 'pipe' })) };
  return compiled;
};

/** The official rules' verdict on one UBL document: a document passes when `fatal` is empty. */
export const validateUbl = (xml: string): ValidationResult => {
  const { saxon, sef } = compiledRules();
  const report = saxon.transform({ stylesheetFileName: sef, sourceText: xml, destination: 'document' }, 'sync').principalResult;
  return failedAssertions(saxon, report);
};
