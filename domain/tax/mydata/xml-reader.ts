/**
 * The one reader of what AADE's myDATA answers (`ResponseDoc`, `RequestedDoc`): the text comes
 * from the network, so it is read as hostile input. It is refused above a size limit (counted in
 * UTF-8 bytes, before any parsing), or with a DOCTYPE or entity declaration (nothing is ever
 * resolved); saxes checks it is well-formed; the tree is bounded in depth and in elements. Elements
 * are known by their local name: AADE's answers declare namespaces (RequestedDoc has a default one)
 * that do not change what an element is.
 */
import { SaxesParser } from 'saxes';
import { xmlDeclarationIn } from '../../shared/xml-guard';

/** A refusal of AADE's answer, saying what is wrong with it. */
export class MyDataResponseError extends Error {
  constructor(message: string) {
    super(`myDATA answer refused: ${message}`);
    this.name = 'MyDataResponseError';
  }
}

export interface XmlNode {
  /** The local name (without prefix). */
  name: string;
  children: XmlNode[];
  /** The text it holds directly, trimmed. */
  text: string;
}

export interface XmlLimits {
  maxBytes: number;
  maxElements: number;
  maxDepth: number;
}

/** The answer as a tree of elements, or MyDataResponseError when it is not safe to read or not XML. */
export const readAnswerTree = (xml: string, limits: XmlLimits): XmlNode => {
  const bytes = Buffer.byteLength(xml, 'utf8');
  if (bytes > limits.maxBytes) throw new MyDataResponseError(`${bytes} bytes, more than the ${limits.maxBytes} an answer may have.`);
  const declaration = xmlDeclarationIn(xml);
  if (declaration) throw new MyDataResponseError(`an XML ${declaration.kind} declaration (line ${declaration.line}) is not allowed; entities are never resolved.`);
  const parser = new SaxesParser({ xmlns: true, position: true });
  const stack: Array<{ node: XmlNode; text: string[] }> = [];
  let root: XmlNode | null = null;
  let elements = 0;
  parser.on('opentag', (tag) => {
    elements += 1;
    if (elements > limits.maxElements) throw new MyDataResponseError(`more than ${limits.maxElements} elements.`);
    if (stack.length >= limits.maxDepth) throw new MyDataResponseError(`elements nested more than ${limits.maxDepth} deep (line ${parser.line}).`);
    const node: XmlNode = { name: tag.local ?? tag.name, children: [], text: '' };
    if (stack.length > 0) stack.at(-1)!.node.children.push(node);
    else root = node;
    stack.push({ node, text: [] });
  });
  const text = (t: string): void => {
    stack.at(-1)?.text.push(t);
  };
  parser.on('text', text);
  parser.on('cdata', text);
  parser.on('closetag', () => {
    const top = stack.pop()!;
    top.node.text = top.text.join('').trim();
  });
  try {
    parser.write(xml).close();
  } catch (err) {
    if (err instanceof MyDataResponseError) throw err;
    throw new MyDataResponseError(`not well-formed XML (${err instanceof Error ? err.message : String(err)}).`);
  }
  if (!root) throw new MyDataResponseError('no XML element.');
  return root;
};

/** The first child of that name. */
export const child = (n: XmlNode, name: string): XmlNode | undefined => n.children.find((c) => c.name === name);

/** Every child of that name, in order. */
export const childrenNamed = (n: XmlNode | undefined, name: string): XmlNode[] => (n ? n.children.filter((c) => c.name === name) : []);

/** The text of the first child of that name; undefined when it is missing or empty. */
export const childText = (n: XmlNode | undefined, name: string): string | undefined => {
  const c = n && child(n, name);
  return c && c.text !== '' ? c.text : undefined;
};

/** A MARK as AADE writes it (xs:long, never negative). */
export const isMarkText = (text: string): boolean => /^\d{1,19}$/.test(text);
