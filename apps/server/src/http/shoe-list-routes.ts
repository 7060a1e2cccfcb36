import { shoeListReply, tableIdSchema } from '@banco/protocol';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HttpAppDeps } from './app-deps.js';
import { errorReply, errorResponses } from './errors.js';

const shoeList = shoeListReply.meta({ id: 'ShoeList' });

/** The /shoes page's list: a table's shoes, newest first (P5). */
export function registerShoeListRoutes(scope: FastifyInstance, deps: HttpAppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { history } = deps;
  app.get(
    '/api/tables/:tableId/shoes',
    {
      schema: {
        tags: ['fairness'],
        summary: "A table's shoes, newest first; each one's rounds at GET /api/shoes/:id",
        params: z.object({ tableId: tableIdSchema }),
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) }),
        response: { 200: shoeList, ...errorResponses(400, 404, 429, 500) },
      },
    },
    async (request, reply) => {
      const { tableId } = request.params;
      // T10.6: as for a table's rounds, a private room's shoes are anyone's who names its id.
      const known =
        deps.tables()?.get(tableId) !== undefined || (await history.tableExists(tableId));
      if (!known || !history.tableShoes) {
        return reply.code(404).send(errorReply('UNKNOWN_TABLE', `no table ${tableId}`));
      }
      const shoes = await history.tableShoes(tableId, request.query.limit);
      return reply.send({ tableId, shoes: shoes.map((s) => ({ ...s })) });
    },
  );
}
