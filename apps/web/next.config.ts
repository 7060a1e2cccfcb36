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
};

export default config;
