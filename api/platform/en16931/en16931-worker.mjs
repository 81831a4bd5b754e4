// Runs the official EN 16931 rules (compiled to SaxonJS's SEF form) on UBL documents, off the
// server's event loop: a document takes about half a second to a second of CPU. Plain JavaScript so
// it starts the same under tsx, vitest and the compiled server (dist/server/en16931-worker.mjs).
// Messages in: { id, xml }; out: { id, fatal, warnings } or { id, error }.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const saxon = require('saxon-js');
const SVRL = 'http://purl.oclc.org/dsdl/svrl';
const namespaceContext = { svrl: SVRL };

const assertions = (report, fatal) => {
  const flag = fatal ? "@flag = 'fatal' or not(@flag)" : "@flag and @flag != 'fatal'";
  const found = saxon.XPath.evaluate(`//svrl:failed-assert[${flag}]`, report, { namespaceContext, resultForm: 'array' });
  const text = (xpath, node) => String(saxon.XPath.evaluate(`string(${xpath})`, node, { namespaceContext })).trim();
  return found.map((node) => ({ id: text('@id', node), text: text('svrl:text', node), location: text('@location', node) }));
};

parentPort.on('message', ({ id, xml }) => {
  try {
    const report = saxon.transform({ stylesheetFileName: workerData.sef, sourceText: xml, destination: 'document' }, 'sync').principalResult;
    parentPort.postMessage({ id, fatal: assertions(report, true), warnings: assertions(report, false) });
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
