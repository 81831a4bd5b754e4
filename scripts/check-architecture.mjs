#!/usr/bin/env node
// The import rules of docs/architecture.md, checked: dependency-cruiser applies the rules of
// .dependency-cruiser.cjs (no import cycle; the kernel imports no feature; features meet at
// their index.ts; only the composition root imports it), and this script adds what a module-level
// rule cannot see: the feature folders of api/ import each other without a cycle.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'node_modules', '.bin', 'depcruise');
let output;
try {
  output = execFileSync(bin, ['--config', '.dependency-cruiser.cjs', '--output-type', 'json', 'api', 'domain', 'projections', 'eventstore'], {
    cwd: root,
    maxBuffer: 256 * 1024 * 1024,
    encoding: 'utf8',
  });
} catch (err) {
  // depcruise exits non-zero when a rule is broken; its JSON is still on stdout.
  output = err.stdout;
  if (!output) throw err;
}
const result = JSON.parse(output);

const problems = result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}${v.cycle ? ` (cycle: ${v.cycle.map((c) => c.name ?? c).join(' → ')})` : ''}`);

// The folder graph of api/: which feature imports which.
const KERNEL = new Set(['platform', 'write', 'main']);
const featureOf = (file) => {
  const m = /^api\/([^/]+)\//.exec(file);
  return m && !KERNEL.has(m[1]) ? m[1] : null;
};
const edges = new Map();
for (const mod of result.modules) {
  const from = featureOf(mod.source);
  if (!from) continue;
  if (!edges.has(from)) edges.set(from, new Map());
  for (const dep of mod.dependencies) {
    const to = featureOf(dep.resolved);
    if (to && to !== from) edges.get(from).set(to, `${mod.source} → ${dep.resolved}`);
  }
}
// Depth-first search for a back edge; the finishing order is a valid layering (lowest first).
const state = new Map();
const order = [];
const visit = (node, trail) => {
  if (state.get(node) === 'done') return;
  if (state.get(node) === 'open') {
    const cycle = [...trail.slice(trail.indexOf(node)), node];
    const why = cycle.slice(0, -1).map((f, i) => edges.get(f).get(cycle[i + 1]));
    problems.push(`feature folders import each other in a cycle: ${cycle.join(' → ')}\n    ${why.join('\n    ')}`);
    return;
  }
  state.set(node, 'open');
  for (const next of [...(edges.get(node)?.keys() ?? [])].sort()) visit(next, [...trail, node]);
  state.set(node, 'done');
  order.push(node);
};
for (const node of [...edges.keys()].sort()) visit(node, []);

if (problems.length > 0) {
  console.error(`The import rules are broken (${problems.length}):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`Import rules hold: ${result.summary.totalCruised} modules, ${result.summary.totalDependenciesCruised} imports, no cycle.`);
console.log(`Feature layers, lowest first: ${order.join(', ')}.`);
