import {
  claimAccountBody,
  claimAccountReply,
  loginBody,
  loginReply,
  logoutBody,
  logoutReply,
  passwordProblem,
  sessionReply,
} from '@banco/protocol';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkPassword, dummyPasswordHash, hashPassword } from '../accounts/passwords.js';
import { LoginThrottle } from '../accounts/login-throttle.js';
import type { LiveSession } from '../db/sessions.js';
import type { HttpAppDeps } from './app-deps.js';
import { authenticate } from './bearer.js';
import { clientAddress, trustFunction } from './client-address.js';
import { errorReply, errorResponses } from './errors.js';

/** Like guests (P1.6): a table of friends behind one router may all claim in the same minute. */
export const CLAIM_RATE_LIMIT = { max: 30, timeWindow: 60_000 } as const;

const INVALID_CREDENTIALS = errorReply('INVALID_CREDENTIALS', 'wrong username or password');

/**
 * P10: claiming a guest's account, logging in and out, and the session a token names. Every
 * route but login needs a live session's bearer token (P10.1).
 */
export function registerAccountRoutes(scope: FastifyInstance, deps: HttpAppDeps): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { guests, sessions, logins } = deps;
  const throttle = new LoginThrottle(deps.config.loginLimits, deps.sharedLimits);
  const trust = trustFunction(deps.config.trustProxy);
  void dummyPasswordHash();

  const describe = async (session: Omit<LiveSession, 'id'>) => ({
    player: session.player,
    username: session.username,
    kind: session.kind,
    expiresAt: session.expiresAt.toISOString(),
    balance: await guests.balanceOf(session.player.id),
    seats: (deps.tables()?.list() ?? []).flatMap((table) => {
      const held = table.seatOf(session.player.id);
      return held ? [{ tableId: table.id, tableName: table.name, ...held }] : [];
    }),
  });

  app.post(
    '/api/account/claim',
    {
      config: { rateLimit: CLAIM_RATE_LIMIT },
      schema: {
        tags: ['accounts'],
        summary: "Give the bearer's guest a username and password, to come back from anywhere",
        body: claimAccountBody,
        response: { 200: claimAccountReply, ...errorResponses(400, 401, 409, 429, 500) },
      },
    },
    async (request, reply) => {
      const session = await authenticate(request, reply, sessions);
      if (!session) return reply;
      const { username, password } = request.body;
      if (session.username !== null) {
        return reply.code(409).send(errorReply('ALREADY_CLAIMED', 'this account has a username'));
      }
      const weak = passwordProblem(password, username);
      if (weak) return reply.code(400).send(errorReply('WEAK_PASSWORD', weak));
      const claimed = await logins.claim(session.player.id, username, await hashPassword(password));
      if (claimed === 'username-taken') {
        return reply.code(409).send(errorReply('USERNAME_TAKEN', `${username} is taken`));
      }
      if (claimed === 'already-claimed') {
        return reply.code(409).send(errorReply('ALREADY_CLAIMED', 'this account has a username'));
      }
      return reply.send({ player: session.player, username });
    },
  );

  app.post(
    '/api/session/login',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Log in with a username and password: a new session token, shown once',
        body: loginBody,
        response: { 200: loginReply, ...errorResponses(400, 401, 429, 500) },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const attempt = await throttle.attempt(username, clientAddress(request.raw, trust));
      if (!attempt.allowed) {
        return reply
          .code(429)
          .header('retry-after', String(attempt.retryAfterSeconds))
          .send(
            errorReply(
              'RATE_LIMITED',
              `too many login attempts: retry in ${attempt.retryAfterSeconds} s`,
            ),
          );
      }
      const found = await logins.credentials(username);
      // The same verification work whether or not the account exists (P10.3).
      const matches = await checkPassword(found?.passwordHash ?? null, password);
      if (!found || !matches) return reply.code(401).send(INVALID_CREDENTIALS);
      const issued = await sessions.issueLogin(found.player.id);
      const described = await describe({
        player: found.player,
        username,
        kind: 'login',
        expiresAt: issued.expiresAt,
      });
      return reply.send({ ...described, username, token: issued.token });
    },
  );

  app.get(
    '/api/session',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Who the bearer token is, and until when it lasts',
        response: { 200: sessionReply, ...errorResponses(401, 429, 500) },
      },
    },
    async (request, reply) => {
      const session = await authenticate(request, reply, sessions);
      if (!session) return reply;
      return reply.send(await describe(session));
    },
  );

  app.post(
    '/api/session/logout',
    {
      schema: {
        tags: ['accounts'],
        summary: "End the bearer's session and close its sockets",
        body: logoutBody,
        response: { 200: logoutReply, ...errorResponses(401, 429, 500) },
      },
    },
    async (request, reply) => {
      const session = await authenticate(request, reply, sessions);
      if (!session) return reply;
      const revoked = await sessions.revoke(session.id);
      deps.sockets()?.endSessions({ sessionId: session.id }, 'logout');
      return reply.send({ revoked });
    },
  );

  app.post(
    '/api/session/logout-all',
    {
      schema: {
        tags: ['accounts'],
        summary: "End every session of the bearer's player and close all their sockets",
        body: logoutBody,
        response: { 200: logoutReply, ...errorResponses(401, 429, 500) },
      },
    },
    async (request, reply) => {
      const session = await authenticate(request, reply, sessions);
      if (!session) return reply;
      const revoked = await sessions.revokeAll(session.player.id);
      deps.sockets()?.endSessions({ playerId: session.player.id }, 'logout-all');
      return reply.send({ revoked });
    },
  );
}
