import { ledgerExportQuery, ledgerExportSchema, recapSchema, tableIdSchema } from '@banco/protocol';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ledgerCsv } from '../rooms/ledger-csv.js';
import type { HttpAppDeps } from './app-deps.js';
import { authenticate } from './bearer.js';
import { errorReply, errorResponses } from './errors.js';

/**
 * P8.10, P8.11: what the group takes home: the room's ledger (JSON or CSV) and its recap, for
 * the room's members and its host. Anyone else hears what an unknown room answers (P8.4): a
 * room's id is its key, so nobody learns from here that a room exists.
 */
export function registerEveningRoutes(scope: FastifyInstance, deps: HttpAppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { history, sessions } = deps;
  const unknown = (roomId: string) => errorReply('UNKNOWN_TABLE', `no table ${roomId}`);

  app.get(
    '/api/rooms/:roomId/ledger',
    {
      schema: {
        tags: ['rooms'],
        summary: "A room's ledger for its members: sessions and rounds, as JSON or CSV",
        security: [{ bearer: [] }],
        params: z.object({ roomId: tableIdSchema }),
        querystring: ledgerExportQuery,
        response: { 200: ledgerExportSchema, ...errorResponses(400, 401, 404, 429, 500) },
      },
    },
    async (request, reply) => {
      const session = await authenticate(request, reply, sessions);
      if (!session) return reply;
      const { roomId } = request.params;
      const ledger = await history.roomLedger?.(roomId, session.player.id);
      if (!ledger) return reply.code(404).send(unknown(roomId));
      if (request.query.format !== 'csv') return reply.send(ledger);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="banco-${roomId}-ledger.csv"`)
        .serializer((body: string) => body)
        .send(ledgerCsv(ledger) as never);
    },
  );

  app.get(
    '/api/rooms/:roomId/recap',
    {
      schema: {
        tags: ['rooms'],
        summary: "A room's night in a few figures, for its members",
        security: [{ bearer: [] }],
        params: z.object({ roomId: tableIdSchema }),
        response: { 200: recapSchema, ...errorResponses(401, 404, 429, 500) },
      },
    },
    async (request, reply) => {
      const session = await authenticate(request, reply, sessions);
      if (!session) return reply;
      const { roomId } = request.params;
      const recap = await history.roomRecap?.(roomId, session.player.id);
      if (!recap) return reply.code(404).send(unknown(roomId));
      return reply.send(recap);
    },
  );
}
