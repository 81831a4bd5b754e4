/**
 * The import rules of the code (docs/architecture.md): run by `npm run check:architecture`,
 * which also proves that feature folders import each other without a cycle.
 *
 * - domain/ is pure: it imports nothing of eventstore/, projections/ or api/.
 * - projections/ never imports api/.
 * - api/platform/ (the kernel) imports no other api/ folder; api/write/ (the write path) imports
 *   only the kernel.
 * - A feature folder (api/<feature>/) imports the kernel, the write path and, of another
 *   feature, only its published interface, the folder's index.ts; nothing imports api/main/
 *   (the composition root) but api/main/ itself.
 * Tests (*.spec.ts, test/ folders) may reach anything and are left out.
 */
const KERNEL = '^api/(platform|write)/';
const FEATURES = '^api/(?!platform/|write/|main/)([^/]+)/';
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'Modules import each other in a cycle.', from: {}, to: { circular: true } },
    { name: 'domain-is-pure', severity: 'error', from: { path: '^domain/' }, to: { path: '^(api|eventstore|projections)/' } },
    { name: 'projections-below-api', severity: 'error', from: { path: '^projections/' }, to: { path: '^api/' } },
    { name: 'kernel-below-features', severity: 'error', comment: 'The kernel imports no feature and not the composition root.', from: { path: '^api/platform/' }, to: { path: '^api/(?!platform/)' } },
    { name: 'write-path-below-features', severity: 'error', from: { path: '^api/write/' }, to: { path: '^api/(?!platform/|write/)' } },
    { name: 'only-main-imports-main', severity: 'error', from: { path: '^api/(?!main/)' }, to: { path: '^api/main/' } },
    {
      name: 'features-meet-at-their-index',
      severity: 'error',
      comment: "A feature imports another feature's index.ts (its published interface), never its internals.",
      from: { path: FEATURES },
      to: { path: FEATURES, pathNot: ['^api/$1/', '^api/[^/]+/index\\.ts$'] },
    },
  ],
  options: {
    exclude: { path: ['node_modules', '\\.spec\\.tsx?$', '(^|/)test/', '^web/', '^bench/', '^vendor/'] },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs'] },
  },
};
