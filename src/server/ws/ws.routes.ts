/**
 * /api/ws-connection: JSON messages. The client may `auth` with its token, `subscribe` to topics,
 * and `ping`; the server pushes `event` messages for subscribed topics.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import { BLOG_MANAGE_ANY, hasAnyPermission } from '../../lib/shared/permissions.ts';
import { SITE_BUILD_TOPIC } from '../../lib/shared/site-build.ts';
import { AppError } from '../common/app-error.ts';

/** Topics anyone may follow. */
const PUBLIC_TOPICS = new Set(['site']);

/** Topics for signed-in holders of any of the permissions named (checked when subscribing). */
const PROTECTED_TOPICS: ReadonlyMap<string, readonly string[]> = new Map([
  [SITE_BUILD_TOPIC, BLOG_MANAGE_ANY],
]);
const MAX_MESSAGE = 4096;

type ClientMessage =
  | { type: 'ping' }
  | { type: 'auth'; token: string }
  | { type: 'subscribe'; topic: string }
  | { type: 'unsubscribe'; topic: string };

function parse(raw: string): ClientMessage | null {
  try {
    const message = JSON.parse(raw) as Partial<ClientMessage> & Record<string, unknown>;
    if (message.type === 'ping') return { type: 'ping' };
    if (message.type === 'auth' && typeof message['token'] === 'string')
      return { type: 'auth', token: message['token'] };
    if (
      (message.type === 'subscribe' || message.type === 'unsubscribe') &&
      typeof message['topic'] === 'string'
    ) {
      return { type: message.type, topic: message['topic'] };
    }
  } catch {
    // falls through to null
  }
  return null;
}

function send(socket: WebSocket, message: unknown) {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

export const wsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/ws-connection', { websocket: true, schema: { tags: ['ws'], hide: true } }, (socket) => {
    const topics = new Set<string>();
    let userId: string | null = null;
    let permissions: readonly string[] = [];
    const unsubscribe = app.ctx.hub.subscribe((event) => {
      if (topics.has(event.topic))
        send(socket, { type: 'event', topic: event.topic, data: event.data });
    });
    socket.on('close', unsubscribe);
    socket.on('message', async (raw: Buffer, isBinary: boolean) => {
      const message = !isBinary && raw.length <= MAX_MESSAGE ? parse(raw.toString('utf8')) : null;
      if (!message) return send(socket, { type: 'error', message: 'unknown message' });
      if (message.type === 'ping') return send(socket, { type: 'pong' });
      if (message.type === 'auth') {
        try {
          const auth = await app.ctx.sessions.authenticate(message.token);
          userId = auth?.user.id ?? null;
          permissions = auth?.user.permissions ?? [];
          return send(socket, { type: 'auth', ok: userId !== null, userId });
        } catch (error) {
          userId = null;
          permissions = [];
          const code = error instanceof AppError ? error.code : -1;
          return send(socket, { type: 'auth', ok: false, code });
        }
      }
      if (message.type === 'subscribe') {
        const needs = PROTECTED_TOPICS.get(message.topic);
        const allowed =
          PUBLIC_TOPICS.has(message.topic) ||
          (needs !== undefined && userId !== null && hasAnyPermission(permissions, needs));
        if (!allowed) {
          return send(socket, {
            type: 'error',
            message: `topic ${message.topic} is not available`,
          });
        }
        topics.add(message.topic);
        return send(socket, { type: 'subscribed', topic: message.topic });
      }
      topics.delete(message.topic);
      return send(socket, { type: 'unsubscribed', topic: message.topic });
    });
    send(socket, { type: 'welcome' });
  });
};
