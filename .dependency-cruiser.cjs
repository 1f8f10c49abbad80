// Import rules of the browser code and the packages, checked by `pnpm run check:imports` (part of `npm test`).
// Type-only imports count: a cycle of types still ties the modules together.

const SOURCES = '^(web/src|packages/local-store/src|packages/domain/src|sync-server/src)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'No import cycles: a module, and what it imports, must make sense without what imports it.',
      from: { path: SOURCES },
      to: { path: SOURCES, circular: true },
    },
    {
      name: 'feature-through-its-index',
      severity: 'error',
      comment: "A feature reaches another feature only through that feature's index.ts.",
      from: { path: '^web/src/features/([^/]+)/' },
      to: {
        path: '^web/src/features/[^/]+/',
        pathNot: ['^web/src/features/$1/', '^web/src/features/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'outside-in-through-the-index',
      severity: 'error',
      comment: 'Routes, the shell and the app reach a feature only through its index.ts.',
      from: { path: '^web/src/', pathNot: '^web/src/features/' },
      to: { path: '^web/src/features/[^/]+/', pathNot: '^web/src/features/[^/]+/index\\.ts$' },
    },
    {
      name: 'platform-stands-alone',
      severity: 'error',
      comment:
        'platform/ is what every feature stands on: it imports no feature, no shell, no route and no app module.',
      from: { path: '^web/src/platform/' },
      to: { path: '^web/src/(features|shell|routes|app)/' },
    },
    {
      name: 'features-below-routes',
      severity: 'error',
      comment: 'Routes compose features and the shell frames them: a feature imports neither, nor the app.',
      from: { path: '^web/src/features/' },
      to: { path: '^web/src/(shell|routes|app)/' },
    },
    {
      name: 'local-store-through-its-entries',
      severity: 'error',
      comment: 'The app uses the local store through its entries (index.ts, keyring.ts, timing.ts) only.',
      from: { path: '^web/' },
      to: {
        path: '^packages/local-store/',
        pathNot: '^packages/local-store/src/(index|keyring|timing)\\.ts$',
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.tsbuild)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
