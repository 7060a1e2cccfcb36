import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
// The same helmet @fastify/helmet applies to every reply: its default policy is our base.
import { contentSecurityPolicy } from 'helmet';

/**
 * The browser table is a static export of apps/web (Next.js `output: 'export'`) served by this
 * server, so the page, /api and /socket.io share one origin: one address to open, no CORS, no
 * second process. See README "One command, one address".
 */

/** Hashed, never-changing build output: cached for a year. */
const IMMUTABLE_PREFIX = '/_next/static/';

export const isImmutableAsset = (url: string): boolean => url.startsWith(IMMUTABLE_PREFIX);

/** Paths that belong to the API side: they keep the JSON 404, never the web app's page. */
const API_PATHS = /^\/(api|docs|health|metrics|socket\.io)(\/|$|\?)/;

export interface WebApp {
  /** False when the export is missing: the API runs, `/` explains what to build. */
  readonly served: boolean;
  readonly dir: string;
  /** For the not-found handler: answers an HTML request for an unknown page, or returns false. */
  sendNotFoundPage(request: FastifyRequest, reply: FastifyReply): boolean;
}

/** Every inline `<script>` body of an HTML file (Next inlines its RSC payload this way). */
function inlineScripts(html: string): string[] {
  const bodies: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1]!) || match[2] === '') continue;
    bodies.push(match[2]!);
  }
  return bodies;
}

/**
 * Helmet's policy, with each inline script of this page allowed by its hash (no
 * 'unsafe-inline'), and without upgrade-insecure-requests, which breaks a plain-http table
 * opened by a LAN address.
 */
export function contentSecurityPolicyFor(html: string): string {
  const directives = new Map(
    Object.entries(contentSecurityPolicy.getDefaultDirectives()).map(
      ([name, values]) => [name, [...values].map(String)] as const,
    ),
  );
  directives.delete('upgrade-insecure-requests');
  const hashes = [...new Set(inlineScripts(html))].map(
    (body) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`,
  );
  directives.set('script-src', [...(directives.get('script-src') ?? ["'self'"]), ...hashes]);
  return [...directives].map(([name, values]) => [name, ...values].join(' ').trim()).join('; ');
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .map((file) => join(dir, file));
}

const acceptsHtml = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  !API_PATHS.test(request.url) &&
  /\btext\/html\b/.test(request.headers.accept ?? '');

function missingBuildPage(dir: string): string {
  return [
    '<!doctype html><meta charset="utf-8"><title>Banco: web app not built</title>',
    '<h1>The Banco web app has not been built</h1>',
    `<p>No static export was found in <code>${dir}</code>. Run <code>pnpm build</code>`,
    '(or <code>pnpm start</code>, which builds it first), or set <code>WEB_DIR</code>.',
    'The API is up: <a href="/docs">/docs</a>.</p>',
  ].join('\n');
}

/** Serves the export in `dir` at `/`, or a page saying how to build it when it is missing. */
export function registerWebApp(app: FastifyInstance, dir: string): WebApp {
  if (!existsSync(join(dir, 'index.html'))) {
    app.log.warn({ dir }, 'no web app build: serving the API only (run `pnpm build`)');
    const page = missingBuildPage(dir);
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply
        .code(503)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(page),
    );
    return { served: false, dir, sendNotFoundPage: () => false };
  }

  // Hashed once at startup: the export does not change while the server runs.
  const policies = new Map(
    htmlFiles(dir).map((file) => [file, contentSecurityPolicyFor(readFileSync(file, 'utf8'))]),
  );
  const notFoundFile = join(dir, '404.html');
  const notFoundPage = existsSync(notFoundFile) ? readFileSync(notFoundFile, 'utf8') : null;

  app.register(fastifyStatic, {
    root: dir,
    prefix: '/',
    // swagger-ui registers its own @fastify/static; one sendFile decorator is enough.
    decorateReply: false,
    // `/lobby` → `/lobby/` (the export uses trailing slashes: out/lobby/index.html).
    redirect: true,
    index: ['index.html'],
    // apps/web's build writes .br and .gz beside each asset: sent to clients that accept them.
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply: FastifyReply, sentPath: string) {
      // A pre-compressed copy stands for its original: same caching, same page policy.
      const path = sentPath.replace(/\.(br|gz)$/, '');
      const url = `/${relative(dir, path).split(sep).join('/')}`;
      if (isImmutableAsset(url)) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      } else if (path.endsWith('.html')) {
        // Pages name the hashed assets of the current build: always revalidate them.
        reply.header('cache-control', 'no-cache');
        const policy = policies.get(path);
        if (policy) reply.header('content-security-policy', policy);
      } else {
        reply.header('cache-control', 'public, max-age=3600');
      }
    },
  });

  return {
    served: true,
    dir,
    sendNotFoundPage(request, reply) {
      if (notFoundPage === null || !acceptsHtml(request)) return false;
      void reply
        .code(404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-security-policy', policies.get(notFoundFile)!)
        .send(notFoundPage);
      return true;
    },
  };
}
