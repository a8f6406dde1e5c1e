/**
 * The dependency rules of the console (web/src), checked by `npm run lint` and by
 * test/architecture/dependency-rules.test.ts. The areas (business, admin, affiliate) are reached only through
 * their `area.tsx`, which `areas.ts` lists; they never import one another. What they share (the kit in ui/, the
 * API client in api/, the shell in app/, sign-in in auth/, real time, notifications) never imports an area.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'console-areas-apart',
      severity: 'error',
      comment:
        "An area of the console never imports another area's files: what two areas share belongs in ui/, api/ " +
        'or app/.',
      from: { path: '^src/(business|admin|affiliate)/' },
      to: { path: '^src/(business|admin|affiliate)/', pathNot: '^src/$1/' },
    },
    {
      name: 'console-area-front-door',
      severity: 'error',
      comment: 'Outside the areas, only src/areas.ts imports an area, and only its area.tsx.',
      from: { path: '^src/', pathNot: ['^src/(business|admin|affiliate)/', '^src/areas\\.ts$'] },
      to: { path: '^src/(business|admin|affiliate)/' },
    },
    {
      name: 'console-areas-listed-by-front-door',
      severity: 'error',
      comment: 'src/areas.ts lists each area by its area.tsx, nothing deeper.',
      from: { path: '^src/areas\\.ts$' },
      to: { path: '^src/(business|admin|affiliate)/', pathNot: '^src/[^/]+/area\\.tsx?$' },
    },
    {
      name: 'console-kit-below-shell',
      severity: 'error',
      comment:
        'The component kit (ui/) and the API client (api/) know no page: they import neither app/ nor auth/.',
      from: { path: '^src/(ui|api)/' },
      to: { path: '^src/(app|auth|notifications|realtime)/' },
    },
    {
      name: 'console-no-circular',
      severity: 'error',
      comment: 'No chain of imports in the console leads a file back to itself.',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'api/schema\\.d\\.ts$' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
