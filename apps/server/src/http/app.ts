import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { PROTOCOL_VERSION, textRefusal } from '@banco/protocol';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { trustFunction } from './client-address.js';
import { errorReply, type ErrorReply } from './errors.js';
import {
  clientErrorHandler,
  documentBodyRefusals,
  frameworkErrors,
  rateLimitKey,
  refuseBadPreflight,
} from './transport-errors.js';
import { registerEveningRoutes } from './evening-routes.js';
import { registerRoomRoutes } from './room-routes.js';
import { registerRoutes } from './routes.js';
import { registerShoeListRoutes } from './shoe-list-routes.js';
import { isImmutableAsset, registerWebApp } from './web-app.js';
import { registerAccountRoutes } from './account-routes.js';
import { RATE_LIMITS, type HttpAppDeps } from './app-deps.js';

export { RATE_LIMITS, type HttpAppDeps } from './app-deps.js';

/** Our JSON bodies are tiny; anything near this is not a real client. */
const BODY_LIMIT_BYTES = 16 * 1024;

/** Readable text for a zod validation failure: `body/name: Too small: …; querystring/limit: …`. */
function validationMessage(error: FastifyError): string {
  const where = error.validationContext ?? 'request';
  const parts = (error.validation ?? []).map((issue) => {
    const path = issue.instancePath.replace(/^\//, '');
    return `${where}${path ? `/${path}` : ''}: ${issue.message ?? 'invalid'}`;
  });
  return parts.length > 0 ? parts.join('; ') : error.message;
}

function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const send = (status: number, body: ErrorReply) => void reply.code(status).send(body);

  if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
    const text = textRefusal(error.validation ?? []);
    if (text) return send(400, errorReply(text.code, text.message));
    return send(400, errorReply('INVALID_PAYLOAD', validationMessage(error)));
  }
  if (isResponseSerializationError(error)) {
    request.log.error(
      { err: error, issues: error.cause.issues },
      'reply does not match its schema',
    );
    return send(500, errorReply('INTERNAL', 'internal error'));
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return send(429, errorReply('RATE_LIMITED', error.message));
  if (status === 413) return send(413, errorReply('PAYLOAD_TOO_LARGE', error.message));
  if (status === 404) return send(404, errorReply('NOT_FOUND', error.message));
  if (status >= 400 && status < 500) {
    // Malformed JSON, wrong content type, empty body…: Fastify's messages are safe to show.
    return send(status, errorReply('INVALID_PAYLOAD', error.message));
  }
  request.log.error({ err: error }, 'request failed');
  return send(500, errorReply('INTERNAL', 'internal error'));
}

/**
 * The HTTP side of the server: health, metrics, guests, tables, history and shoe records,
 * with OpenAPI docs at /docs, and the browser table's static export at `/`. Every API error
 * reply is `{ code, message }`.
 */
export function buildHttpApp(deps: HttpAppDeps): FastifyInstance {
  const app = Fastify({
    logger: deps.logger ?? { level: deps.config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    // request.ip (and so the rate limits) believes X-Forwarded-For only from trusted proxies.
    trustProxy: trustFunction(deps.config.trustProxy),
    clientErrorHandler,
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  // Before any route is registered, so every one of them gets it.
  app.addHook('onRoute', documentBodyRefusals);

  app.register(helmet, { global: true });
  app.addHook('onRequest', refuseBadPreflight);
  app.register(cors, { origin: deps.config.corsOrigins, methods: ['GET', 'HEAD', 'POST'] });
  app.register(rateLimit, {
    global: true,
    ...RATE_LIMITS.global,
    // One page load fetches a dozen hashed scripts and styles; they are files, not work.
    allowList: (request) => isImmutableAsset(request.url),
    keyGenerator: rateLimitKey,
    // P1.6 across nodes: one count per address for the whole cluster. Should Redis not answer,
    // requests go through rather than fail (each node's sockets keep their own limits).
    ...(deps.sharedLimits
      ? { redis: deps.sharedLimits.redis, nameSpace: 'banco:share:http:', skipOnError: true }
      : {}),
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(`Too many requests: retry in ${context.after}`), {
        statusCode: context.statusCode,
      }),
  });
  app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Banco table server',
        description: `Punto Banco with virtual chips. HTTP for guests, tables and history; play is over socket.io (protocol version ${PROTOCOL_VERSION}).`,
        version: '0.1.0',
      },
      tags: [
        { name: 'ops', description: 'Health and metrics' },
        { name: 'guests', description: 'Guest sessions' },
        { name: 'accounts', description: 'Claimed accounts, logins and sessions' },
        { name: 'tables', description: 'Live tables and their history' },
        { name: 'fairness', description: 'Shoe records and verification' },
        { name: 'rooms', description: 'Private rooms and invite codes' },
      ],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  app.register(swaggerUi, {
    routePrefix: '/docs',
    // Helmet's CSP suits Swagger UI (its scripts are files, not inline) except for
    // upgrade-insecure-requests, which breaks the page on a plain-http host other than localhost.
    transformStaticCSP: (header) =>
      header
        .split(';')
        .map((directive) => directive.trim())
        .filter((directive) => directive !== '' && directive !== 'upgrade-insecure-requests')
        .join('; '),
  });

  app.register(async (scope) => registerRoutes(scope, deps));
  app.register(async (scope) => registerAccountRoutes(scope, deps));
  app.register(async (scope) => registerShoeListRoutes(scope, deps));
  const { rooms } = deps;
  if (rooms) app.register(async (scope) => registerRoomRoutes(scope, { ...deps, rooms }));
  app.register(async (scope) => registerEveningRoutes(scope, deps));
  const web = registerWebApp(app, deps.config.webDir);

  // After the plugins load, so unknown URLs are rate limited too (no free scanning).
  app.after(() => {
    app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request, reply) => {
      // A browser asking for a page that does not exist gets the app's own 404 page.
      if (web.sendNotFoundPage(request, reply)) return;
      // The web app's wildcard route catches a path whose parameter the router refused as too
      // long; it is still that refusal (P3.1), not an unknown path.
      const maxParam = app.initialConfig.maxParamLength ?? 100;
      if (
        request.url
          .split('?')[0]!
          .split('/')
          .some((part) => part.length > maxParam)
      ) {
        void reply
          .code(414)
          .send(
            errorReply('URI_TOO_LONG', 'a part of the path is longer than this server accepts'),
          );
        return;
      }
      void reply
        .code(404)
        .send(errorReply('NOT_FOUND', `no route ${request.method} ${request.url.split('?')[0]}`));
    });
  });
  return app;
}
