/**
 * Module boundaries (docs/architecture.md "Modules", docs/style.md): a backend module may use
 * another module's services and types, never its models or controllers; plugins stay
 * independent of modules; no cycles anywhere; modules form layers. The frontend has its own
 * rules in frontend/.dependency-cruiser.cjs. Run by `npm run boundaries` in CI.
 */
const MODULES =
  '(core|accounts|fleet|marketplace|trust|reviews|payments|freight_board|tms|logistics|finance|messages|alerts|notifications|operations|admin|analytics)'

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
    // Modules form layers, so a module never depends (even indirectly) on one that depends on
    // it: core < fleet < accounts < marketplace < trust, reviews < payments < freight_board, tms
    // < logistics < finance < messages < alerts < notifications < admin. analytics sits on core only. A lower module asks a higher one through a contract
    // it declares and the higher one implements (backend/start/bindings.ts).
    ...[
      [
        'core',
        'accounts|fleet|marketplace|trust|reviews|payments|freight_board|tms|logistics|finance|messages|alerts|notifications|admin|analytics',
      ],
      [
        'fleet',
        'accounts|marketplace|trust|reviews|payments|freight_board|tms|logistics|finance|messages|alerts|notifications|admin|analytics',
      ],
      [
        'accounts',
        'marketplace|trust|reviews|payments|freight_board|tms|logistics|finance|messages|alerts|notifications|admin|analytics',
      ],
      [
        'marketplace',
        'trust|reviews|payments|freight_board|tms|logistics|finance|messages|alerts|notifications|admin|analytics',
      ],
      [
        'trust',
        'reviews|payments|freight_board|tms|logistics|finance|messages|alerts|notifications|admin|analytics',
      ],
      [
        'reviews',
        'trust|payments|freight_board|tms|logistics|finance|messages|alerts|notifications|admin|analytics',
      ],
      [
        'payments',
        'freight_board|tms|logistics|finance|messages|alerts|notifications|admin|analytics',
      ],
      ['freight_board', 'tms|logistics|finance|messages|alerts|notifications|admin|analytics'],
      ['tms', 'freight_board|logistics|finance|messages|alerts|notifications|admin|analytics'],
      ['logistics', 'finance|messages|alerts|notifications|admin|analytics'],
      ['finance', 'alerts|notifications|admin|analytics'],
      ['messages', 'alerts|notifications|admin|analytics'],
      ['alerts', 'notifications|admin|analytics'],
      ['notifications', 'admin|analytics'],
      [
        'operations',
        'accounts|fleet|marketplace|trust|reviews|payments|freight_board|tms|logistics|finance|messages|alerts|notifications|admin|analytics',
      ],
      [
        'analytics',
        'accounts|fleet|marketplace|trust|reviews|payments|freight_board|tms|logistics|finance|messages|alerts|notifications|admin',
      ],
    ].map(([from, above]) => ({
      name: `layers-${from}`,
      severity: 'error',
      comment: `${from} may not import ${above.split('|').join(', ')}: modules form layers.`,
      from: { path: `^backend/${from}/`, pathNot: '/tests/' },
      to: { path: `^backend/(${above})/` },
    })),
    {
      name: 'plugins-are-independent',
      severity: 'error',
      comment:
        'Plugins are swappable providers behind contracts; they must not reach into modules.',
      from: { path: '^plugins/' },
      to: { path: `^backend/${MODULES}/` },
    },
    {
      name: 'plugins-meet-through-contracts',
      severity: 'error',
      comment:
        'A plugin uses another plugin only through its main.ts or types.ts (its contract and the helpers it exports), never its drivers: docs/plugins.md, rule 5.',
      from: { path: '^plugins/([^/]+)/', pathNot: '/tests/' },
      to: {
        path: '^plugins/[^/]+/',
        pathNot: ['^plugins/$1/', '^plugins/[^/]+/(main|types)[.]ts$'],
      },
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
