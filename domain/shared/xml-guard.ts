/**
 * What every reader of XML from outside (bank statements, e-invoices) runs on the raw text before a
 * parser sees it. A DOCTYPE can declare entities that expand a few bytes into gigabytes (billion
 * laughs) or read a file or URL (an external entity); no document the product reads needs one, so
 * any DOCTYPE or ENTITY declaration refuses the file, and nothing is ever resolved.
 */

/** The 1-based line of a position in a text. */
export const lineAt = (text: string, index: number): number => {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line += 1;
  return line;
};

/** The first DOCTYPE or ENTITY declaration in the text and its line, or null. */
export const xmlDeclarationIn = (text: string): { kind: 'DOCTYPE' | 'ENTITY'; line: number } | null => {
  // Every declaration starts with "<!"; looking for the "!" first, which such files seldom have,
  // is several times faster on a 20 MB file than running the pattern over all of it.
  const declaration = /<!\s*(DOCTYPE|ENTITY)/iy;
  for (let bang = text.indexOf('!'); bang !== -1; bang = text.indexOf('!', bang + 1)) {
    declaration.lastIndex = bang - 1;
    const found = declaration.exec(text);
    if (found) return { kind: found[1]!.toUpperCase() as 'DOCTYPE' | 'ENTITY', line: lineAt(text, found.index) };
  }
  return null;
};
