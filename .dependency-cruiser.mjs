/**
 * `pnpm circles` (scripts/circles.mjs): fails on an import circle anywhere in the workspace's own
 * source, type-only imports included (a circle of types is still two files that cannot be read
 * apart), across packages too.
 * @type {import('dependency-cruiser').IConfiguration}
 */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: cut it along a seam (move the shared part to its own file).',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|out|\\.next|\\.turbo|generated|reports|output)/' },
    tsPreCompilationDeps: true,
    // NodeNext source names its TypeScript siblings `./x.js`.
    enhancedResolveOptions: {
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'], '.mjs': ['.mts', '.mjs'] },
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      // Workspace packages are read from their source (the `source` export), like tsx does.
      conditionNames: ['source', 'import', 'require', 'node', 'default'],
      exportsFields: ['exports'],
      mainFields: ['main', 'types'],
    },
  },
};
