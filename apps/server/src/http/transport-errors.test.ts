import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHttpApp } from './app.js';
import { errorReplySchema } from './errors.js';
import { httpTestDeps, realLedger, type RealLedger } from './test-support.js';

let store: RealLedger;
let app: FastifyInstance;
let port: number;
const logged: unknown[] = [];

beforeAll(async () => {
  store = await realLedger();
  app = buildHttpApp({
    ...httpTestDeps(store),
    // Errors the server logs: a malformed request must not be one of them.
    logger: {
      level: 'error',
      stream: { write: (line: string) => void logged.push(JSON.parse(line)) },
    },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await app?.close();
  await store?.close();
});

/** Sends raw bytes and reads until the server closes or goes quiet. */
function raw(text: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      data += chunk;
    });
    const done = () => {
      const [head = '', ...rest] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: rest.join('\r\n\r\n') });
    };
    socket.on('close', done);
    socket.on('error', reject);
    socket.setTimeout(3_000, () => socket.destroy());
  });
}

describe('every HTTP error is { code, message } (P3.1)', () => {
  it.each([
    ['a broken request line', 'NONSENSE\r\n\r\n', 400, 'BAD_REQUEST'],
    [
      'a URL too long for the parser',
      `GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      431,
      'HEADERS_TOO_LARGE',
    ],
    [
      'a path parameter over the router limit',
      `GET /api/shoes/${'a'.repeat(200)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      414,
      'URI_TOO_LONG',
    ],
    [
      'headers too large',
      `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
      'HEADERS_TOO_LARGE',
    ],
    [
      'OPTIONS without Origin',
      'OPTIONS /api/guests HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      400,
      'BAD_REQUEST',
    ],
    [
      'a malformed chunked body',
      'POST /api/guests HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Transfer-Encoding: chunked\r\n\r\nZZ\r\n{"name":"a"}\r\n0\r\n\r\n',
      400,
      'BAD_REQUEST',
    ],
  ])('P3.1: %s', async (_what, request, status, code) => {
    const reply = await raw(request);
    expect(reply.status).toBe(status);
    expect(errorReplySchema.parse(JSON.parse(reply.body)).code).toBe(code);
    // Give a hook that might still run on the dead request time to log.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(logged).toEqual([]);
  });

  it('P3.1: a real preflight from an allowed origin still passes', async () => {
    const reply = await raw(
      'OPTIONS /api/guests HTTP/1.1\r\nHost: x\r\nOrigin: http://localhost:3000\r\n' +
        'Access-Control-Request-Method: POST\r\nConnection: close\r\n\r\n',
    );
    expect(reply.status).toBe(204);
  });
});
