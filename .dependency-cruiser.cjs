/**
 * Module boundaries (ARCHITECTURE.md section 2): a backend module may use another module's
 * services and types, never its models or controllers; plugins stay independent of modules;
 * no cycles anywhere. Run by `npm run boundaries` in CI.
 */
const MODULES = '(core|accounts|fleet|marketplace|payments|freight_board|tms|admin|analytics)'

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Cycles make modules impossible to reason about or split. Lucid models of one module may point at each other (relations load lazily through thunks).',
      from: { pathNot: '^backend/[^/]+/models/' },
      to: { circular: true },
    },
    {
      name: 'no-foreign-models-or-controllers',
      severity: 'error',
      comment:
        "A module imports another module's services and types only; side effects go through events.",
      from: { path: `^backend/${MODULES}/`, pathNot: '/tests/' },
      to: { path: `^backend/${MODULES}/(models|controllers)/`, pathNot: '^backend/$1/' },
    },
    {
      name: 'plugins-are-independent',
      severity: 'error',
      comment:
        'Plugins are swappable providers behind contracts; they must not reach into modules.',
      from: { path: '^plugins/' },
      to: { path: `^backend/${MODULES}/` },
    },
    {
      name: 'no-backend-in-frontend',
      severity: 'error',
      from: { path: '^frontend/src/' },
      to: { path: '^(backend|database|plugins)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|build|dist|tmp)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.cjs', '.mjs'],
    },
  },
}
