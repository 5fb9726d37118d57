import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type preValidationHookHandler } from 'fastify';
import cors from '@fastify/cors';
import { createServer } from 'node:http';
import type { ServiceContext, RouteModule } from './context.js';
import { badRequest, errorBody } from './http/errors.js';
import { registerCompression } from './http/compression.js';

const PAGING = ['limit', 'offset'];

/** Builds the service's HTTP app: CORS, one error shape, and every route module. */
export async function buildApp(ctx: ServiceContext, modules: RouteModule[], logger = false): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    routerOptions: { maxParamLength: 500 },
    // Errors Fastify raises before routing (a malformed URL, say) get the one shape too.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      void (reply as FastifyReply).code(status).send(errorBody(status, error.message));
    },
    // Node answers a request without Host itself, with an empty body; let it reach Fastify.
    serverFactory: (handler) => createServer({ requireHostHeader: false }, handler),
    // Requests Node's HTTP parser refuses (a space in the URL, an unknown method, a bad header,
    // an oversized head) get the one JSON shape too, and the socket is closed cleanly.
    clientErrorHandler: (error, socket) => {
      const code = (error as { code?: string }).code;
      const status = code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
      const message = status === 431 ? 'Request header fields too large' : 'Malformed HTTP request';
      const body = JSON.stringify(errorBody(status, message));
      // An answer to HEAD has no body, even when the request could not be parsed.
      const raw = 'rawPacket' in error ? error.rawPacket : undefined;
      const head = Buffer.isBuffer(raw) && raw.toString('latin1', 0, 5) === 'HEAD ';
      if (socket.writable) {
        socket.end(
          `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
            `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
            `access-control-allow-origin: *\r\nconnection: close\r\n\r\n${head ? '' : body}`,
        );
      } else socket.destroy();
    },
    // Query strings are parsed by Fastify; a key given twice becomes an array and fails its schema.
    ajv: { customOptions: { coerceTypes: true, allErrors: false } },
    return503OnClosing: true,
  });

  // The kit runs on other sites' origins: every answer, redirects included, is readable cross-origin.
  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'HEAD', 'POST', 'DELETE', 'OPTIONS'],
    exposedHeaders: ['Content-Range', 'Accept-Ranges', 'Content-Length', 'Location', 'WWW-Authenticate'],
    strictPreflight: false,
  });
  // Before the routes: the plugin adds its hook to each route registered after it.
  await registerCompression(app);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error(error);
    const message = error.validation ? validationMessage(error) : status >= 500 ? 'Internal server error' : error.message;
    return reply.code(status).type('application/json').send(errorBody(status, message));
  });

  // Paging parameters are plain decimal numbers: the schema's coercion alone would take "1e309" or "0x10".
  // Checked on the routes that page (registered after this hook), not on every request.
  const checkPaging: preValidationHookHandler = (request, _reply, done) => {
    const query = request.query as Record<string, unknown>;
    for (const key of PAGING) {
      const value = query[key];
      if (value !== undefined && (typeof value !== 'string' || !/^[0-9]{1,9}$/.test(value))) {
        return done(badRequest(`querystring ${key} must be a whole number, given once`));
      }
    }
    done();
  };
  app.addHook('onRoute', (route) => {
    const properties = (route.schema?.querystring as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
    if (!PAGING.some((key) => key in properties)) return;
    const own = route.preValidation;
    route.preValidation = own ? [...(Array.isArray(own) ? own : [own]), checkPaging] : checkPaging;
  });

  app.setNotFoundHandler((request, reply) => {
    return reply.code(404).send(errorBody(404, `No route for ${request.method} ${request.url.split('?')[0]}`));
  });

  for (const register of modules) register(app, ctx);
  return app;
}

/** A one-line message naming the bad parameter, e.g. "querystring limit must be <= 500". */
function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return error.message;
  const where = error.validationContext ?? 'request';
  const missing = (first.params as { missingProperty?: string }).missingProperty;
  if (missing) return `${where} ${missing} is required`;
  const field = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  return `${where} ${field || 'value'} ${first.message ?? 'is invalid'}`.replace(/\s+/g, ' ');
}
