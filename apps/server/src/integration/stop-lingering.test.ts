import { once } from 'node:events';
import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { mainTable } from '../banco.js';
import { startTestBanco, type TestBanco } from '../testing/test-banco.js';

/**
 * T9.7: a stop does not wait on what a client keeps open. Node's HTTP server closes only once
 * every connection has ended, and a request whose body never finishes holds one until Node's
 * own request timeout (5 minutes), far past the stop's 10 s.
 */
describe('a stop held open by a client (T9.7)', () => {
  let server: TestBanco | undefined;

  afterAll(async () => {
    await server?.db.drop();
  });

  it('T9.7: ends a connection whose request never finishes instead of waiting for it', async () => {
    server = await startTestBanco([mainTable('fast')]);
    const { port } = new URL(server.url);
    const stuck = connect(Number(port), '127.0.0.1');
    await once(stuck, 'connect');
    // Headers and 4 of the 100 bytes the body promises: a request the server is still reading.
    stuck.write(
      'POST /api/guests HTTP/1.1\r\nHost: banco\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"na',
    );
    const closed = once(stuck, 'close');
    // A whole request sent after it, on its own connection, is answered only once the server
    // has read what came before it on the loop.
    expect((await fetch(`${server.url}/health`)).status).toBe(200);

    const started = performance.now();
    await server.banco.close();
    expect(performance.now() - started).toBeLessThan(5_000);
    await closed;
  });
});
