/**
 * The one Node flag the server runs with: `pnpm start`, the Dockerfile and the load bench all
 * pass it (deploy.test.ts checks the first two). A round makes many short-lived objects
 * (events, states, statements, frames); with 128 MB semi-spaces most of them die before a
 * scavenge has to copy them: at 300 tables the server went from 60–68 % to 54 % of a core and
 * the p99s halved (docs/performance-log.md).
 */
export const SERVER_NODE_FLAG = '--max-semi-space-size=128';
