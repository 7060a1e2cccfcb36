import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Every TCP connection the server holds (HTTP requests and upgraded websockets alike). Node's
 * HTTP server finishes closing only once each of them has ended, and a client can keep one open
 * for as long as it likes (a request body that never finishes: Node's own request timeout is 5
 * minutes), so a stop ends those still open after a grace.
 */
export function trackConnections(server: Server) {
  const open = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  return {
    /** Who still holds one, for the log: the client's port and what crossed. */
    describe: () =>
      [...open].map((socket) => ({
        remotePort: socket.remotePort,
        bytesRead: socket.bytesRead,
        bytesWritten: socket.bytesWritten,
      })),
    endAll(): void {
      for (const socket of open) socket.destroy();
    },
  };
}
