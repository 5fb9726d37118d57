import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import cors from '@fastify/cors';
import type { ServiceContext, RouteModule } from './context.js';
import { badRequest, errorBody } from './http/errors.js';

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
    // Query strings are parsed by Fastify; a key given twice becomes an array and fails its schema.
    ajv: { customOptions: { coerceTypes: true, allErrors: false } },
    return503OnClosing: true,
  });

  // The kit runs on other sites' origins: every answer, redirects included, is readable cross-origin.
  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'HEAD', 'POST', 'DELETE', 'OPTIONS'],
    exposedHeaders: ['Content-Range', 'Accept-Ranges', 'Content-Length', 'Location'],
    strictPreflight: false,
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error(error);
    const message = error.validation ? validationMessage(error) : status >= 500 ? 'Internal server error' : error.message;
    return reply.code(status).type('application/json').send(errorBody(status, message));
  });

  // Paging parameters are plain decimal numbers: the schema's coercion alone would take "1e309" or "0x10".
  app.addHook('preValidation', (request, _reply, done) => {
    const query = request.query as Record<string, unknown>;
    for (const key of PAGING) {
      const value = query[key];
      if (value !== undefined && (typeof value !== 'string' || !/^[0-9]{1,9}$/.test(value))) {
        return done(badRequest(`querystring ${key} must be a whole number, given once`));
      }
    }
    done();
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
