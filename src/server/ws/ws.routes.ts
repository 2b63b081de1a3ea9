/**
 * /api/ws-connection: JSON messages. The client may `auth` with its token, `subscribe` to topics,
 * and `ping`; the server pushes `event` messages for subscribed topics.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import { hasAnyPermission } from '../../lib/shared/permissions.ts';
import { TOPIC_AUDIENCE, isTopic } from '../../lib/shared/topics.ts';
import { AppError } from '../common/app-error.ts';
import type { HubEvent } from '../events/index.ts';

const MAX_MESSAGE = 4096;

/** Topics only signed-in holders of a permission may follow (see TOPIC_AUDIENCE). */
function needsPermission(topic: string): boolean {
  return isTopic(topic) && typeof TOPIC_AUDIENCE[topic] === 'object';
}

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
    /** The token of the last successful `auth`; its session is looked up again before each use. */
    let token: string | null = null;
    let userId: string | null = null;
    // Events go out in the order they came, although checking the session is asynchronous.
    let delivery: Promise<void> = Promise.resolve();

    /** Forgets the session and its protected topics; tells the client once. */
    function sessionEnded(code: number): void {
      token = null;
      userId = null;
      for (const topic of topics) if (needsPermission(topic)) topics.delete(topic);
      send(socket, { type: 'auth', ok: false, code });
    }

    /**
     * The permissions of the session as they are now (logout, lock, revocation and role changes
     * apply at once, as for HTTP requests), or null when there is none any more.
     */
    async function currentPermissions(): Promise<readonly string[] | null> {
      if (token === null) return null;
      const held = token;
      try {
        const auth = await app.ctx.sessions.authenticate(held);
        if (token !== held) return null; // re-authenticated meanwhile
        if (auth) return auth.user.permissions;
        sessionEnded(-1);
      } catch (error) {
        if (token === held) sessionEnded(error instanceof AppError ? error.code : -1);
      }
      return null;
    }

    async function mayFollow(topic: string): Promise<boolean> {
      if (!isTopic(topic)) return false;
      const audience = TOPIC_AUDIENCE[topic];
      if (audience === 'public') return true;
      if (audience === 'instances') return false;
      const permissions = await currentPermissions();
      return permissions !== null && hasAnyPermission(permissions, audience.anyOf);
    }

    async function deliver(event: HubEvent): Promise<void> {
      if (!topics.has(event.topic)) return;
      if (!(await mayFollow(event.topic))) {
        if (topics.delete(event.topic)) {
          send(socket, { type: 'error', message: `topic ${event.topic} is no longer available` });
        }
        return;
      }
      send(socket, { type: 'event', topic: event.topic, data: event.data });
    }

    const unsubscribe = app.ctx.hub.subscribe((event) => {
      if (!topics.has(event.topic)) return;
      delivery = delivery
        .then(() => deliver(event))
        .catch((error: unknown) => app.log.warn({ err: error }, 'ws: delivery failed'));
    });
    socket.on('close', unsubscribe);
    socket.on('message', async (raw: Buffer, isBinary: boolean) => {
      const message = !isBinary && raw.length <= MAX_MESSAGE ? parse(raw.toString('utf8')) : null;
      if (!message) return send(socket, { type: 'error', message: 'unknown message' });
      if (message.type === 'ping') return send(socket, { type: 'pong' });
      if (message.type === 'auth') {
        token = null;
        userId = null;
        try {
          const auth = await app.ctx.sessions.authenticate(message.token);
          token = auth ? message.token : null;
          userId = auth?.user.id ?? null;
          return send(socket, { type: 'auth', ok: userId !== null, userId });
        } catch (error) {
          const code = error instanceof AppError ? error.code : -1;
          return send(socket, { type: 'auth', ok: false, code });
        }
      }
      if (message.type === 'subscribe') {
        if (!(await mayFollow(message.topic))) {
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
