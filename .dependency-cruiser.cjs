/**
 * The dependency rules of src/, checked by `npm run lint` and by test/architecture/dependency-rules.test.ts.
 * A module is a folder `src/modules/<name>/`; its `index.ts` is its only public surface.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'module-front-door',
      severity: 'error',
      comment:
        'A module is entered only through its index.ts: import another module from `../<module>/index.js`, ' +
        'and export there what it lacks.',
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/[^/]+/.', pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'outside-through-front-door',
      severity: 'error',
      comment:
        'Code outside the modules (app, jobs, main, deps, the route list in modules/index.ts) imports a module ' +
        'only through its index.ts.',
      from: { path: '^src/', pathNot: '^src/modules/[^/]+/' },
      to: { path: '^src/modules/[^/]+/.', pathNot: '^src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'no-module-cycle',
      severity: 'error',
      comment:
        'Modules depend on each other in one direction: no chain of imports leads a module back to itself.',
      scope: 'folder',
      from: { path: '^src/modules/[^/]+$' },
      to: { path: '^src/modules/[^/]+$', circular: true },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'No chain of imports, type-only ones included, leads any file back to itself: AppDeps (deps.ts) names ' +
        'no module, and app/create-deps.ts builds it.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'vocabulary-is-a-leaf',
      severity: 'error',
      comment:
        'src/vocabulary/ holds the words several modules and the console share (states, categories, roles): ' +
        'plain lists that import nothing else of the service, so anything may import them.',
      from: { path: '^src/vocabulary/' },
      to: { path: '^src/', pathNot: '^src/vocabulary/' },
    },
    {
      name: 'platform-below-domain',
      severity: 'error',
      comment: 'platform/ and providers/ are infrastructure: they never import modules/ or jobs/.',
      from: { path: '^src/(platform|providers)/' },
      to: { path: '^src/(modules|jobs)/' },
    },
    {
      name: 'platform-below-providers',
      severity: 'error',
      comment: 'platform/ knows no outside party: the adapters of providers/ build on it, not the other way.',
      from: { path: '^src/platform/' },
      to: { path: '^src/providers/' },
    },
    {
      name: 'modules-below-jobs-and-app',
      severity: 'error',
      comment:
        'Modules never import the worker loops (jobs/), the app installers (app/) or the entry points.',
      from: { path: '^src/modules/' },
      to: { path: '^src/(jobs/|app/|app\\.ts$|main\\.ts$|cluster\\.ts$)' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^test/architecture/fixtures/' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
