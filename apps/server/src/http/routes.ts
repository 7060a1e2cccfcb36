import {
  createGuestBody,
  createGuestReply,
  roundsReplySchema,
  shoeReplySchema,
  shoeIdSchema,
  tableIdSchema,
  tableSummarySchema,
} from '@banco/protocol';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RATE_LIMITS, type HttpAppDeps } from './app-deps.js';
import { errorReply, errorResponses } from './errors.js';
import { shoeConfigOf, verifyShoe } from './shoe-verification.js';

/** What /health calls a private room with problems: its id would let anyone in (T10.6). */
const PRIVATE_ROOM = '(private room)';

/** How long /health waits for the database before calling it down. */
const DB_CHECK_TIMEOUT_MS = 2_000;

const healthReply = z
  .object({
    /**
     * `degraded` while the database is unreachable (the reply is then a 503) or a table's
     * database work keeps failing (T9.8; still a 200: the other tables play on).
     */
    status: z.enum(['ok', 'degraded']),
    db: z.enum(['ok', 'down']),
    uptimeSeconds: z.number().int().nonnegative(),
    /** Tables with failing database work, and what fails. */
    tables: z.array(z.object({ id: z.string(), problems: z.array(z.string()) })),
  })
  .meta({ id: 'Health' });

function withTimeout(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  return Promise.race([check().catch(() => false), timeout]).finally(() => clearTimeout(timer));
}

export function registerRoutes(scope: FastifyInstance, deps: HttpAppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { guests, history, metrics } = deps;

  app.get(
    '/health',
    {
      // A monitor polling often must never be locked out, nor lock anyone else out.
      config: { rateLimit: false },
      schema: {
        tags: ['ops'],
        summary: 'Liveness and database reachability',
        response: { 200: healthReply, 503: healthReply, ...errorResponses(429, 500) },
      },
    },
    async (_request, reply) => {
      const dbOk = await withTimeout(deps.checkDb, DB_CHECK_TIMEOUT_MS);
      const registry = deps.tables();
      const listed = new Set((registry?.listPublic() ?? []).map((table) => table.id));
      const tables = (registry?.list() ?? [])
        // T10.6: a private room's id is its key; health names it only as a room.
        .map((table) => ({
          id: listed.has(table.id) ? table.id : PRIVATE_ROOM,
          problems: table.problems(),
        }))
        .filter((table) => table.problems.length > 0)
        // T13.3: a fenced table is named with why it stopped here.
        .concat(
          (registry?.fenced?.() ?? []).map((table) => ({
            id: table.isPublic ? table.id : PRIVATE_ROOM,
            problems: [table.reason],
          })),
        );
      // T13.12: a draining node takes no new players: the proxy sends them elsewhere.
      const draining = registry?.draining?.() ?? false;
      return reply.code(dbOk && !draining ? 200 : 503).send({
        status: dbOk && !draining && tables.length === 0 ? 'ok' : 'degraded',
        db: dbOk ? 'ok' : 'down',
        uptimeSeconds: Math.floor(process.uptime()),
        tables,
      });
    },
  );

  app.get(
    '/metrics',
    {
      schema: {
        tags: ['ops'],
        summary: 'Prometheus metrics (text exposition format)',
        response: {
          200: z.string().describe('Prometheus text format'),
          ...errorResponses(429, 500),
        },
      },
    },
    async (_request, reply) => {
      const text = await metrics.registry.metrics();
      return reply.header('content-type', metrics.registry.contentType).send(text);
    },
  );

  app.post(
    '/api/guests',
    {
      config: { rateLimit: RATE_LIMITS.createGuest },
      schema: {
        tags: ['guests'],
        summary: 'Create a guest with a welcome balance; the token is shown once',
        body: createGuestBody,
        response: { 201: createGuestReply, ...errorResponses(400, 429, 500) },
      },
    },
    async (request, reply) => {
      const created = await guests.createGuest(request.body.name);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/tables',
    {
      schema: {
        tags: ['tables'],
        summary: 'The live public tables (never a private room)',
        response: { 200: z.array(tableSummarySchema), ...errorResponses(429, 500) },
      },
    },
    async () =>
      (deps.tables()?.listPublic() ?? []).map((table) => ({
        id: table.id,
        name: table.name,
        settings: table.settings,
        seated: table.seatedCount(),
        spectators: table.spectatorCount(),
        // T13.19: listed while it resumes on its new owner, and marked so.
        ...(table.resuming?.() ? { resuming: true as const } : {}),
      })),
  );

  app.get(
    '/api/tables/:tableId/rounds',
    {
      schema: {
        tags: ['tables'],
        summary: "A table's recent settled rounds, newest first",
        params: z.object({ tableId: tableIdSchema }),
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
        response: { 200: roundsReplySchema, ...errorResponses(400, 404, 429, 500) },
      },
    },
    async (request, reply) => {
      const { tableId } = request.params;
      // T10.6: the id is the key: a private room's history is anyone's who names it exactly.
      const known =
        deps.tables()?.get(tableId) !== undefined || (await history.tableExists(tableId));
      if (!known) {
        return reply.code(404).send(errorReply('UNKNOWN_TABLE', `no table ${tableId}`));
      }
      const rounds = await history.recentRounds(tableId, request.query.limit);
      return reply.send({
        tableId,
        rounds: rounds.map((r) => ({ ...r, cards: [...r.cards], bets: [...r.bets] })),
      });
    },
  );

  app.get(
    '/api/shoes/:shoeId',
    {
      schema: {
        tags: ['fairness'],
        summary: 'A shoe: its commitment, and once it has ended its seed and a server-side re-run',
        params: z.object({ shoeId: shoeIdSchema }),
        querystring: z.object({
          tableId: tableIdSchema
            .optional()
            .describe("Required for a private room's shoe: the room's id (T10.6)"),
        }),
        response: { 200: shoeReplySchema, ...errorResponses(400, 404, 429, 500) },
      },
    },
    async (request, reply) => {
      const shoe = await history.shoeRecord(request.params.shoeId);
      // T10.6: a private room's shoe answers exactly like no shoe unless the room is named.
      if (!shoe || (!shoe.tablePublic && request.query.tableId !== shoe.tableId)) {
        return reply.code(404).send(errorReply('UNKNOWN_SHOE', `no shoe ${request.params.shoeId}`));
      }
      const config = shoeConfigOf(shoe);
      // Never show a seed for a shoe still in play, whatever the store returned.
      const serverSeed = shoe.endedAt === null ? null : shoe.serverSeed;
      return reply.send({
        id: shoe.id,
        tableId: shoe.tableId,
        number: shoe.number,
        commitment: shoe.commitment,
        clientSeed: shoe.clientSeed,
        decks: config.decks,
        cut: config.cut,
        lastHand: config.lastHand,
        game: shoe.game,
        burnShown: shoe.burnShown,
        startedAt: shoe.startedAt,
        endedAt: shoe.endedAt,
        serverSeed,
        rounds: shoe.rounds.map((r) => ({
          number: r.number,
          cards: [...r.cards],
          outcome: r.outcome,
          voided: r.voided,
          // P5.1: a coup's story says its choices, so never before the shoe is revealed.
          story: serverSeed === null ? null : storyOf(r.trace),
        })),
        verification:
          serverSeed === null || shoe.clientSeed === null
            ? null
            : verifyShoe({ ...shoe, serverSeed, clientSeed: shoe.clientSeed }, config),
      });
    },
  );
}

/** P5.1: a stored trace as the reply's story: its steps, or null when it is not a list of them. */
function storyOf(trace: unknown): Record<string, unknown>[] | null {
  if (!Array.isArray(trace)) return null;
  return trace.every((step) => typeof step === 'object' && step !== null && !Array.isArray(step))
    ? (trace as Record<string, unknown>[])
    : null;
}
