import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildHttpApp, RATE_LIMITS } from './app.js';
import { errorReplySchema } from './errors.js';
import { contentSecurityPolicyFor } from './web-app.js';
import { httpTestDeps, realLedger, type RealLedger, testConfig } from './test-support.js';

/** A miniature of Next's static export: pages with inline scripts, hashed assets, a 404 page. */
const INLINE = '(self.__next_f=self.__next_f||[]).push([0])';
const PAGES: Record<string, string> = {
  'index.html': `<!doctype html><title>Age gate</title><script src="/_next/static/chunks/app.js" async></script><script>${INLINE}</script><h1>Are you 18?</h1>`,
  'lobby/index.html': '<!doctype html><title>Lobby</title><script>self.lobby=1</script>',
  '404.html': '<!doctype html><title>Not found</title><h1>No such page</h1>',
  '_next/static/chunks/app.js': 'console.log("app")',
  'favicon.ico': 'icon',
};

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

let store: RealLedger;
let webDir: string;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  store = await realLedger();
  webDir = mkdtempSync(join(tmpdir(), 'banco-web-'));
  for (const [file, text] of Object.entries(PAGES)) {
    mkdirSync(dirname(join(webDir, file)), { recursive: true });
    writeFileSync(join(webDir, file), text);
  }
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});
afterAll(async () => {
  await store?.close();
  rmSync(webDir, { recursive: true, force: true });
});

function build(dir: string) {
  const app = buildHttpApp(httpTestDeps(store, testConfig({ WEB_DIR: dir })));
  apps.push(app);
  return app;
}

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('the web app at /', () => {
  it('serves the age gate page at / with a policy that allows exactly its inline scripts', async () => {
    const res = await build(webDir).inject({ url: '/', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Are you 18?');
    expect(res.headers['cache-control']).toBe('no-cache');
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src '));
    expect(scriptSrc).toBe(`script-src 'self' ${sha256(INLINE)}`);
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(csp).toContain("default-src 'self'");
  });

  it('gives each page the hashes of its own inline scripts', async () => {
    const res = await build(webDir).inject({ url: '/lobby/', headers: html });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(sha256('self.lobby=1'));
    expect(csp).not.toContain(sha256(INLINE));
  });

  it('redirects a route without its trailing slash to the exported folder', async () => {
    const res = await build(webDir).inject({ url: '/lobby', headers: html });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/lobby/');
  });

  it('caches hashed assets for a year and other files for an hour', async () => {
    const app = build(webDir);
    const chunk = await app.inject('/_next/static/chunks/app.js');
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject('/favicon.ico');
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('does not count hashed assets against the per-IP rate limit', async () => {
    const app = build(webDir);
    for (let i = 0; i < RATE_LIMITS.global.max + 5; i++) {
      const res = await app.inject('/_next/static/chunks/app.js');
      expect(res.statusCode).toBe(200);
    }
    // Pages still are counted: the limit has room left for them only because assets were free.
    expect((await app.inject({ url: '/', headers: html })).statusCode).toBe(200);
  });

  it("answers a browser's unknown page with the app's 404 page", async () => {
    const res = await build(webDir).inject({ url: '/no-such-page', headers: html });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('No such page');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it.each([
    ['an unknown API path, even from a browser', '/api/nope', html],
    ['an unknown page asked for as JSON', '/no-such-page', { accept: 'application/json' }],
    ['an unknown page with no Accept header', '/no-such-page', {}],
  ])('keeps the JSON NOT_FOUND for %s', async (_, url, headers) => {
    const res = await build(webDir).inject({ url, headers });
    expect(res.statusCode).toBe(404);
    expect(errorReplySchema.parse(res.json()).code).toBe('NOT_FOUND');
  });

  it('keeps the API routes working beside the app', async () => {
    const res = await build(webDir).inject('/api/tables');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});

describe('without a web build', () => {
  it('answers / with 503 and how to build, and keeps the API up', async () => {
    const app = build(join(webDir, 'missing'));
    const res = await app.inject({ url: '/', headers: html });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('pnpm build');
    expect(res.body).toContain(join(webDir, 'missing'));
    expect((await app.inject('/api/tables')).statusCode).toBe(200);
    const unknown = await app.inject({ url: '/lobby/', headers: html });
    expect(errorReplySchema.parse(unknown.json()).code).toBe('NOT_FOUND');
  });
});

describe('contentSecurityPolicyFor', () => {
  it('hashes each distinct inline script once and skips scripts with a src or no body', () => {
    const page = `<script src="/a.js"></script><script></script><script>a()</script><script type="module">a()</script><SCRIPT>b()</SCRIPT>`;
    const scriptSrc = contentSecurityPolicyFor(page)
      .split('; ')
      .find((d) => d.startsWith('script-src '));
    expect(scriptSrc).toBe(`script-src 'self' ${sha256('a()')} ${sha256('b()')}`);
  });
});
