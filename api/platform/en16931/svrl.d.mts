import type { RulesVerdict } from './rules';

/** The part of SaxonJS 2 an SVRL report is read with (the package ships no type declarations). */
export interface SaxonXPath {
  XPath: { evaluate(xpath: string, context: unknown, options: { namespaceContext: Record<string, string>; resultForm?: 'array' }): unknown };
}

export declare const failedAssertions: (saxon: SaxonXPath, report: unknown) => RulesVerdict;
