// The failed assertions of an SVRL report (what the EN 16931 rules answer), split into fatal ones
// and warnings: the worker thread and the tests' own runner read reports alike. Plain JavaScript, as
// the worker that imports it.
const SVRL = 'http://purl.oclc.org/dsdl/svrl';
const namespaceContext = { svrl: SVRL };

/** `{ fatal, warnings }`, each `[{ id, text, location }]`, of a report SaxonJS produced. */
export const failedAssertions = (saxon, report) => {
  const text = (xpath, node) => String(saxon.XPath.evaluate(`string(${xpath})`, node, { namespaceContext })).trim();
  const read = (flag) =>
    saxon.XPath.evaluate(`//svrl:failed-assert[${flag}]`, report, { namespaceContext, resultForm: 'array' }).map((node) => ({
      id: text('@id', node),
      text: text('svrl:text', node),
      location: text('@location', node),
    }));
  return { fatal: read("@flag = 'fatal' or not(@flag)"), warnings: read("@flag and @flag != 'fatal'") };
};
