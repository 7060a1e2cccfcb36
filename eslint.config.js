import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The rules package must stay pure (no I/O, no clock, no ambient randomness): see its RULES.md. */
const impureImports = {
  patterns: [
    { group: ['node:*'], message: 'packages/rules is pure: no Node built-ins.' },
    {
      group: [
        'fs',
        'path',
        'os',
        'crypto',
        'child_process',
        'http',
        'https',
        'net',
        'worker_threads',
        'process',
      ],
      message: 'packages/rules is pure: no Node built-ins.',
    },
    {
      group: ['@prisma/*', 'prisma', '.prisma/*'],
      message: 'packages/rules must not touch the database.',
    },
    {
      group: ['socket.io', 'socket.io-*', 'fastify', 'fastify-*', '@fastify/*'],
      message: 'packages/rules must not do I/O.',
    },
    {
      group: ['@banco/*', '**/apps/**'],
      message: 'packages/rules depends on no other workspace package.',
    },
  ],
};

const clockAndRandom = [
  {
    object: 'Math',
    property: 'random',
    message: 'Randomness comes in as a seed (packages/rules is pure).',
  },
  { object: 'Date', property: 'now', message: 'Time is passed in (packages/rules is pure).' },
  {
    object: 'performance',
    property: 'now',
    message: 'Time is passed in (packages/rules is pure).',
  },
  { object: 'crypto', property: 'getRandomValues', message: 'Randomness comes in as a seed.' },
  { object: 'crypto', property: 'randomUUID', message: 'Randomness comes in as a seed.' },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/reports/**',
      '**/.next/**',
      '**/.turbo/**',
      // The web app's static export (built JavaScript) and the browser tests' screenshots.
      'apps/web/out/**',
      'apps/web/e2e/output/**',
      // Prisma's generated client (git-ignored, written by the build): not our code to lint.
      'apps/server/src/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['packages/rules/src/**/*.ts'],
    ignores: ['packages/rules/src/**/*.test.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': ['error', impureImports],
      'no-restricted-properties': ['error', ...clockAndRandom],
      'no-restricted-globals': [
        'error',
        { name: 'process', message: 'packages/rules is pure: no process access.' },
        { name: 'require', message: 'packages/rules is pure ESM.' },
        { name: 'setTimeout', message: 'Time is passed in (packages/rules is pure).' },
        { name: 'setInterval', message: 'Time is passed in (packages/rules is pure).' },
        { name: 'fetch', message: 'packages/rules does no I/O.' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date']",
          message: 'Time is passed in (packages/rules is pure).',
        },
      ],
    },
  },
  // The type-aware rules (a promise nobody awaits or catches, a promise where a void or a
  // boolean is wanted) run in `pnpm lint:types` (.oxlintrc.json), on TypeScript 7's checker:
  // the same two rules here cost 48 of eslint's 62 CPU-seconds, there 12.
  {
    // The browser client: browser globals, and React's rules of hooks.
    files: ['apps/web/**/*.{ts,tsx}'],
    ignores: ['apps/web/scripts/**', 'apps/web/*.config.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
