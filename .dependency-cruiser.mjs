/**
 * `pnpm circles` (scripts/circles.mjs) checks these rules over the workspace's own source, type-only
 * imports included: no import circle anywhere (across packages too), and the walls between the
 * layers, so that a wall holds by itself instead of by a reviewer's memory.
 * @type {import('dependency-cruiser').IConfiguration}
 */

const TEST = '\\.test\\.tsx?$';

/**
 * apps/server/src, from the ground up: a file imports only its own layer and those below it.
 * Tests (`*.test.ts`) drive the whole server and stand above every layer. Each entry is a path
 * pattern under apps/server/src/.
 */
const SERVER_LAYERS = [
  // What every layer may use: settings, metrics, the token bucket, Postgres (and its client).
  ['ground', '(config|metrics|node-flags|token-bucket)\\.ts$|db/|generated/'],
  // The round machine and the actor that runs one table.
  ['table', 'table/'],
  // This node's tables under their leases, and the nodes that share them over Redis.
  ['cluster', 'cluster/'],
  // Private rooms and accounts: what a player may open, and who they are.
  ['rooms-accounts', '(rooms|accounts)/'],
  // The HTTP routes.
  ['http', 'http/'],
  // The socket.io gateway (it authenticates with the HTTP layer's sessions).
  ['socket', 'socket/'],
  // One process: routes, gateway and tables wired together; then its start and its test doubles.
  ['server', 'server\\.ts$'],
  ['banco', 'banco\\.ts$'],
  ['main', 'main\\.ts$|testing/'],
];

const serverPath = (pattern) => `^apps/server/src/(${pattern})`;

const serverLayerRules = SERVER_LAYERS.slice(0, -1).map(([name, pattern], index) => ({
  name: `server-${name}-imports-upward`,
  severity: 'error',
  comment: `apps/server: the ${name} layer imports only itself and the layers below it (see SERVER_LAYERS in .dependency-cruiser.mjs). Move the shared part down, or the importer up.`,
  from: { path: serverPath(pattern), pathNot: TEST },
  to: {
    path: serverPath(
      SERVER_LAYERS.slice(index + 1)
        .map(([, higher]) => higher)
        .join('|'),
    ),
  },
}));

// ── apps/server/src/table: its rooms (docs/table-layout.md) ──
/**
 * core/ is what every game shares, games/<game>/ one game each (games/registry.ts, the one file
 * that names them all, picks a table's), runtime/ runs tables. The core names no game, a game
 * no other game, and neither reaches up into the runtime, which hands them the game. Tests
 * stand above the walls: they drive whole tables.
 */
const TABLE = '^apps/server/src/table/';
const tableWallRules = [
  {
    name: 'table-core-imports-game',
    severity: 'error',
    comment:
      'table/core names no game: ask the game through its TableGame record (core/game.ts) instead.',
    from: { path: `${TABLE}core/`, pathNot: TEST },
    to: { path: `${TABLE}games/` },
  },
  {
    name: 'table-game-imports-other-game',
    severity: 'error',
    comment:
      'A game imports no other game (nor the registry): move what both need down into table/core.',
    from: { path: `${TABLE}games/([^/]+)/`, pathNot: TEST },
    to: { path: `${TABLE}games/`, pathNot: `${TABLE}games/$1/` },
  },
  {
    name: 'table-core-or-game-imports-runtime',
    severity: 'error',
    comment:
      'table/core and table/games import nothing from table/runtime: the runtime calls them, not the other way.',
    from: { path: `${TABLE}(core|games)/`, pathNot: TEST },
    to: { path: `${TABLE}runtime/` },
  },
];

/** The packages that packages/rules may import: they only compute (no I/O, no clock, no randomness). */
const RULES_PURE_PACKAGES = '/node_modules/@noble/hashes/';
const RULES_SOURCE = {
  path: '^packages/rules/src/',
  pathNot: `${TEST}|^packages/rules/src/testing/`,
};

export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: cut it along a seam (move the shared part to its own file).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'package-imports-app',
      severity: 'error',
      comment: 'packages/* are what the apps build on: a package never imports an app.',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-imports-server',
      severity: 'error',
      comment:
        'apps/web talks to the server only over HTTP and socket.io: what both sides share lives in @banco/protocol or @banco/rules.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    // The web's state and logic stand below its views: a view imports them, never the reverse.
    {
      name: 'web-state-imports-view',
      severity: 'error',
      comment:
        'apps/web: store/, lib/, bets/, table/ and rooms/ hold state and logic; a view type or helper they need moves down beside them, out of components/.',
      from: { path: '^apps/web/src/(store|lib|bets|table|rooms)/', pathNot: TEST },
      to: { path: '^apps/web/src/components/' },
    },
    {
      name: 'rules-imports-node-builtin',
      severity: 'error',
      comment:
        'packages/rules is pure (its RULES.md): no Node built-in (files, network, processes, clock, randomness).',
      from: RULES_SOURCE,
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'rules-imports-impure-package',
      severity: 'error',
      comment: `packages/rules is pure: it imports only its own files and packages that only compute (${RULES_PURE_PACKAGES}); a new one is added to RULES_PURE_PACKAGES in .dependency-cruiser.mjs on purpose.`,
      from: RULES_SOURCE,
      to: {
        path: '^(?!packages/rules/src/)',
        pathNot: RULES_PURE_PACKAGES,
        dependencyTypesNot: ['core'],
      },
    },
    {
      name: 'server-file-on-no-layer',
      severity: 'error',
      comment:
        'apps/server/src: every file that imports anything stands on a layer: add its path to SERVER_LAYERS in .dependency-cruiser.mjs.',
      from: {
        path: '^apps/server/src/',
        pathNot: `${TEST}|${serverPath(SERVER_LAYERS.map(([, pattern]) => pattern).join('|'))}`,
      },
      to: {},
    },
    ...serverLayerRules,
    ...tableWallRules,
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
