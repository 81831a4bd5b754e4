import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';

/**
 * Validates XML against AADE's myDATA schemas, vendored unmodified in vendor/mydata/xsd (see its
 * README), with libxml2 compiled to WebAssembly (xmllint-wasm): no network, no native package. The
 * main schema's includes and imports are handed over as files of the same names, as its
 * `schemaLocation`s name them.
 */
export const MY_DATA_XSD_DIR = resolve(import.meta.dirname, '../../../../vendor/mydata/xsd');

let schemas: XMLFileInfo[] | undefined;
const allSchemas = (): XMLFileInfo[] =>
  (schemas ??= readdirSync(MY_DATA_XSD_DIR)
    .filter((f) => f.endsWith('.xsd'))
    .map((fileName) => ({ fileName, contents: readFileSync(join(MY_DATA_XSD_DIR, fileName), 'utf8') })));

/** xmllint's messages, one per error (element and what is wrong); empty when the document is valid. */
const validate = async (xml: string, main: string): Promise<string[]> => {
  const files = allSchemas();
  const schema = files.find((f) => f.fileName === main);
  if (!schema) throw new Error(`${main} is missing from ${MY_DATA_XSD_DIR}`);
  const result = await validateXML({ xml: [{ fileName: 'document.xml', contents: xml }], schema: [schema], preload: files.filter((f) => f !== schema) });
  // A schema parser warning is about the schemas, not the document (requestedInvoicesDoc includes
  // InvoicesDoc, whose namespace paymentMethods imports again): only the document's errors count.
  return result.valid ? [] : result.errors.map((e) => e.rawMessage).filter((m) => !m.includes('Schemas parser warning'));
};

/** The errors of an `InvoicesDoc` (a `SendInvoices` body) against InvoicesDoc-v2.0.1.xsd. */
export const validateMyData = (xml: string): Promise<string[]> => validate(xml, 'InvoicesDoc-v2.0.1.xsd');

/** The errors of a `ResponseDoc` (AADE's answer) against response-v2.0.1.xsd. */
export const validateResponseDoc = (xml: string): Promise<string[]> => validate(xml, 'response-v2.0.1.xsd');

/** The errors of a `RequestedDoc` (AADE's answer to `RequestTransmittedDocs`) against requestedInvoicesDoc-v2.0.1.xsd. */
export const validateRequestedDoc = (xml: string): Promise<string[]> => validate(xml, 'requestedInvoicesDoc-v2.0.1.xsd');
