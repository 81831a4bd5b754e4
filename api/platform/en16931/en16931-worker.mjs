// Runs the official EN 16931 rules (compiled to SaxonJS's SEF form) on UBL documents, off the
// server's event loop: a document takes about half a second to a second of CPU. Plain JavaScript so
// it starts the same under tsx, vitest and the compiled server (dist/server/en16931-worker.mjs).
// Messages in: { id, xml }; out: { id, fatal, warnings } or { id, error }.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import { failedAssertions } from './svrl.mjs';

const require = createRequire(import.meta.url);
const saxon = require('saxon-js');

parentPort.on('message', ({ id, xml }) => {
  try {
    const report = saxon.transform({ stylesheetFileName: workerData.sef, sourceText: xml, destination: 'document' }, 'sync').principalResult;
    parentPort.postMessage({ id, ...failedAssertions(saxon, report) });
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
