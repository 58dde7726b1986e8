/**
 * Frontend boundaries (docs/style.md, after bulletproof-react): features never import each
 * other (they are composed in app/), shared layers (components, lib, config, hooks) import no
 * feature and no app code, and nothing reaches into the backend. Run by `npm run boundaries`
 * in CI.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-cross-feature-imports',
      severity: 'error',
      comment: 'A feature imports only itself and the shared layers; compose features in app/.',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'features-do-not-import-app',
      severity: 'error',
      from: { path: '^src/features/' },
      to: { path: '^src/app/' },
    },
    {
      name: 'shared-layers-import-no-feature',
      severity: 'error',
      from: { path: '^src/(components|lib|config|hooks)/' },
      to: { path: '^src/(features|app)/' },
    },
    {
      name: 'no-backend-in-frontend',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^[.][.]/(backend|database|plugins)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
  },
}
