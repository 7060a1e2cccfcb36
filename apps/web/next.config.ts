import type { NextConfig } from 'next';

/**
 * A static export: the Fastify server serves `out/` at the same origin as `/api` and
 * `/socket.io`, so there is one address, no CORS and no second port (see README).
 */
const config: NextConfig = {
  output: 'export',
  trailingSlash: true,
  reactStrictMode: true,
  poweredByHeader: false,
  images: { unoptimized: true },
  // `pnpm typecheck` checks this app (tests included) with the repo's compiler; the build checking
  // it again cost CI a third of the build's wall time for no finding of its own.
  typescript: { ignoreBuildErrors: true },
};

export default config;
