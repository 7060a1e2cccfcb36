import {
  createInviteBody,
  createInviteReply,
  createRoomBody,
  createRoomReply,
  houseEdgesReply,
  inviteCodeSchema,
  inviteReply,
  noBody,
  roomLink,
  roomSummarySchema,
  settingField,
  tableIdSchema,
  textRefusal,
} from '@banco/protocol';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Rooms } from '../rooms/rooms.js';
import { RATE_LIMITS, type HttpAppDeps } from './app-deps.js';
import { authenticate } from './bearer.js';
import { errorReply, errorReplySchema, errorResponses } from './errors.js';

/** P8.2: a refused setting names it. */
const invalidSettingReply = errorReplySchema
  .extend({ field: z.string().describe('Dotted path inside settings, or `name`') })
  .meta({ id: 'InvalidSettingReply' });

const unknownTable = (tableId: string) => errorReply('UNKNOWN_TABLE', `no table ${tableId}`);

/** Private rooms, their invite codes and the house edges the room form shows (P8). */
export function registerRoomRoutes(
  scope: FastifyInstance,
  deps: HttpAppDeps & { rooms: Rooms },
): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { rooms, sessions } = deps;

  app.post(
    '/api/rooms',
    {
      config: { rateLimit: RATE_LIMITS.createRoom },
      // The settings are checked below, so a refusal can name the field (P8.2).
      attachValidation: true,
      schema: {
        tags: ['rooms'],
        summary: 'Open a private room; its id is the key to it (share the link)',
        security: [{ bearer: [] }],
        body: createRoomBody,
        response: {
          201: createRoomReply,
          // A body that fails before its settings are read (not JSON, not an object) has no field.
          400: z.union([invalidSettingReply, errorReplySchema]),
          ...errorResponses(401, 429, 500),
        },
      },
    },
    async (request, reply) => {
      // P10.1: a logged-out token hears SESSION_EXPIRED, as at the account routes.
      const session = await authenticate(request, reply, sessions);
      if (!session) return reply;
      const parsed = createRoomBody.safeParse(request.body);
      if (!parsed.success) {
        // P3.3: a room name no table may keep is refused as any such text is.
        const text = textRefusal(parsed.error.issues);
        if (text) return reply.code(400).send(errorReply(text.code, text.message));
        const issue = parsed.error.issues[0]!;
        const field = settingField(issue);
        return reply.code(400).send({
          ...errorReply('INVALID_SETTING', `${field}: ${issue.message}`),
          field,
        });
      }
      const created = await rooms.create(session.player, parsed.data);
      if (!created.ok) return reply.code(429).send(errorReply(created.code, created.message));
      return reply.code(201).send({ room: created.room, link: roomLink(created.room.id) });
    },
  );

  app.post(
    '/api/rooms/practice',
    {
      config: { rateLimit: RATE_LIMITS.createRoom },
      schema: {
        tags: ['rooms'],
        summary: 'Your practice table (T12): the one you have open, or a new one',
        security: [{ bearer: [] }],
        // It takes no body: one sent is refused (P3.2), not ignored.
        body: noBody,
        response: {
          200: createRoomReply,
          201: createRoomReply,
          ...errorResponses(400, 401, 429, 500),
        },
      },
    },
    async (request, reply) => {
      const session = await authenticate(request, reply, sessions);
      if (!session) return reply;
      const opened = await rooms.openPractice(session.player);
      if (!opened.ok) return reply.code(429).send(errorReply(opened.code, opened.message));
      return reply
        .code(opened.reused ? 200 : 201)
        .send({ room: opened.room, link: roomLink(opened.room.id) });
    },
  );

  app.get(
    '/api/rooms/:roomId',
    {
      schema: {
        tags: ['rooms'],
        summary: 'A live room (or public table) by its exact id',
        params: z.object({ roomId: tableIdSchema }),
        response: { 200: roomSummarySchema, ...errorResponses(400, 404, 429, 500) },
      },
    },
    async (request, reply) => {
      const room = await rooms.summary(request.params.roomId);
      if (!room) return reply.code(404).send(unknownTable(request.params.roomId));
      return reply.send(room);
    },
  );

  app.post(
    '/api/rooms/:roomId/invites',
    {
      config: { rateLimit: RATE_LIMITS.createInvite },
      schema: {
        tags: ['rooms'],
        summary: 'The host makes a short invite code that expires',
        security: [{ bearer: [] }],
        params: z.object({ roomId: tableIdSchema }),
        body: createInviteBody,
        response: { 201: createInviteReply, ...errorResponses(400, 401, 403, 404, 429, 500) },
      },
    },
    async (request, reply) => {
      const session = await authenticate(request, reply, sessions);
      if (!session) return reply;
      const made = await rooms.createInvite(
        session.player,
        request.params.roomId,
        request.body.ttlMinutes,
        request.body.autoApprove,
      );
      if (!made.ok) {
        return reply
          .code(made.code === 'NOT_HOST' ? 403 : 404)
          .send(errorReply(made.code, made.message));
      }
      return reply.code(201).send({ code: made.code, expiresAt: made.expiresAt.toISOString() });
    },
  );

  app.get(
    '/api/invites/:code',
    {
      // Codes are short: guessing them is what this limit is for.
      config: { rateLimit: RATE_LIMITS.resolveInvite },
      schema: {
        tags: ['rooms'],
        summary: 'The room an invite code leads to',
        params: z.object({ code: z.string().min(1).max(32) }),
        response: { 200: inviteReply, ...errorResponses(404, 410, 429, 500) },
      },
    },
    async (request, reply) => {
      const unknown = errorReply('UNKNOWN_TABLE', 'no room for this code');
      const code = inviteCodeSchema.safeParse(request.params.code);
      if (!code.success) return reply.code(404).send(unknown);
      const found = await rooms.resolveInvite(code.data);
      if (!found.ok) {
        return found.code === 'INVITE_EXPIRED'
          ? reply
              .code(410)
              .send(
                errorReply('INVITE_EXPIRED', 'this code has expired: ask the host for a new one'),
              )
          : reply.code(404).send(unknown);
      }
      return reply.send({ roomId: found.roomId, link: roomLink(found.roomId) });
    },
  );

  app.get(
    '/api/house-edges',
    {
      schema: {
        tags: ['rooms'],
        summary: 'House edges per rule set, Tie payout and side bet for 1 to 8 decks (R13.6)',
        response: { 200: houseEdgesReply, ...errorResponses(429, 500) },
      },
    },
    async () => rooms.houseEdges(),
  );
}
