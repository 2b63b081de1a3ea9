/**
 * Answers for unknown /api paths: -405 when the path exists under another method, else -404.
 * Fastify answers 404 for both, so every route is mirrored into a find-my-way router to tell them
 * apart.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { HTTPMethod } from 'find-my-way';
import Router from 'find-my-way';
import { Code } from '../../lib/shared/codes.ts';
import { fail } from './envelope.ts';

const METHODS: HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

export function trackRoutes(app: FastifyInstance) {
  const router = Router();
  app.addHook('onRoute', (route) => {
    if (route.url.endsWith('*')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const name of methods) {
      const method = name.toUpperCase() as HTTPMethod;
      if (!router.hasRoute(method, route.url)) {
        router.on(method, route.url, () => undefined);
      }
    }
  });
  return function allowedMethods(url: string): HTTPMethod[] {
    const path = url.split('?')[0] ?? url;
    return METHODS.filter((m) => router.find(m, path) !== null);
  };
}

export function notFoundHandler(allowedMethods: (url: string) => HTTPMethod[]) {
  return function handleNotFound(request: FastifyRequest, reply: FastifyReply) {
    const allowed = allowedMethods(request.url);
    if (allowed.length > 0) {
      return reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send(
          fail(
            Code.METHOD_NOT_ALLOWED,
            `方法不允许，可用 / Method not allowed, use: ${allowed.join(', ')}`,
          ),
        );
    }
    return reply.status(404).send(fail(Code.NOT_FOUND, '接口不存在 / No such endpoint'));
  };
}
