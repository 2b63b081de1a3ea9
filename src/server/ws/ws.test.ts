import { afterEach, describe, expect, test } from 'vitest';
import type { WebSocket } from 'ws';
import { Role } from '../../lib/shared/permissions.ts';
import { SITE_BUILD_TOPIC } from '../../lib/shared/topics.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';

let t: TestApp;
afterEach(() => t.close());

/** Publishes a payload as given: some tests send what no topic's type allows. */
function publish(topic: string, data: unknown): Promise<void> {
  const hub = t.app.ctx.hub as { publish(topic: string, data: unknown): Promise<void> };
  return hub.publish(topic, data);
}

function nextMessage(socket: WebSocket): Promise<Record<string, unknown>> {
  return new Promise((resolve) =>
    socket.once('message', (raw: Buffer) => resolve(JSON.parse(raw.toString()))),
  );
}

async function connect() {
  let welcome: Promise<Record<string, unknown>> | undefined;
  const socket = await t.app.injectWS(
    '/api/ws-connection',
    {},
    {
      onInit: (ws) => {
        welcome = nextMessage(ws);
      },
    },
  );
  expect(await welcome).toEqual({ type: 'welcome' });
  return socket;
}

async function ask(socket: WebSocket, message: unknown) {
  const reply = nextMessage(socket);
  socket.send(JSON.stringify(message));
  return reply;
}

test('a client pings, authenticates with its token and hears events of the topics it follows', async () => {
  t = await createTestApp('sqlite');
  await t.app.ready();
  const { user, token } = await t.signUp();
  const socket = await connect();
  expect(await ask(socket, { type: 'ping' })).toEqual({ type: 'pong' });
  expect(await ask(socket, { type: 'auth', token })).toEqual({
    type: 'auth',
    ok: true,
    userId: user.id,
  });
  expect(await ask(socket, { type: 'subscribe', topic: 'site' })).toEqual({
    type: 'subscribed',
    topic: 'site',
  });
  const event = nextMessage(socket);
  await publish('other', { ignored: true });
  await publish('site', { rebuilt: 1 });
  expect(await event).toEqual({ type: 'event', topic: 'site', data: { rebuilt: 1 } });
  socket.terminate();
});

test('bad tokens, unknown topics and garbage get an answer, never a crash', async () => {
  t = await createTestApp('sqlite');
  await t.app.ready();
  const socket = await connect();
  expect(await ask(socket, { type: 'auth', token: 'Bearer nope' })).toEqual({
    type: 'auth',
    ok: false,
    code: -1,
  });
  expect(await ask(socket, { type: 'subscribe', topic: 'admin-secrets' })).toMatchObject({
    type: 'error',
  });
  const reply = nextMessage(socket);
  socket.send('{not json');
  expect(await reply).toMatchObject({ type: 'error' });
  expect(await ask(socket, { type: 'ping' })).toEqual({ type: 'pong' });
  socket.terminate();
});

test('the rebuild topic is for blog managers only', async () => {
  t = await createTestApp('sqlite');
  await t.app.ready();
  const socket = await connect();
  const topic = SITE_BUILD_TOPIC;
  expect(await ask(socket, { type: 'subscribe', topic })).toMatchObject({ type: 'error' });
  const plain = await t.signUp();
  await ask(socket, { type: 'auth', token: plain.token });
  expect(await ask(socket, { type: 'subscribe', topic })).toMatchObject({ type: 'error' });
  const manager = await t.signUp({ roles: [Role.BLOG_ADMIN] });
  await ask(socket, { type: 'auth', token: manager.token });
  expect(await ask(socket, { type: 'subscribe', topic })).toEqual({ type: 'subscribed', topic });
  const event = nextMessage(socket);
  await publish(topic, { state: 'running' });
  expect(await event).toEqual({ type: 'event', topic, data: { state: 'running' } });
  // Signing in as someone else (here: a failed auth) drops the rights for later subscriptions.
  await ask(socket, { type: 'auth', token: 'Bearer nope' });
  await ask(socket, { type: 'unsubscribe', topic });
  expect(await ask(socket, { type: 'subscribe', topic })).toMatchObject({ type: 'error' });
  socket.terminate();
});

describe('a socket follows its session', () => {
  const topic = SITE_BUILD_TOPIC;

  async function followAsManager() {
    t = await createTestApp('sqlite');
    await t.app.ready();
    const manager = await t.signUp({ roles: [Role.BLOG_ADMIN] });
    const socket = await connect();
    await ask(socket, { type: 'auth', token: manager.token });
    expect(await ask(socket, { type: 'subscribe', topic })).toEqual({ type: 'subscribed', topic });
    return { socket, manager };
  }

  /** Publishes a protected event and resolves with the first message the socket gets after it. */
  async function publishAndListen(socket: WebSocket) {
    const next = nextMessage(socket);
    await publish(topic, { state: 'running' });
    return next;
  }

  test.each([
    [
      'logged out',
      async (token: string) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/user/auth/logout',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.json().code).toBe(1);
      },
    ],
    [
      'locked',
      async (_token: string, userId: string) => {
        await t.testDb.db.kysely
          .updateTable('users')
          .set({ is_locked: true })
          .where('id', '=', userId)
          .execute();
      },
    ],
    [
      'revoked from another device',
      async (_token: string, userId: string) => t.app.ctx.sessions.revokeAllOf(userId, 'revoked'),
    ],
  ])('once the session is %s, no protected event reaches it', async (_name, end) => {
    const { socket, manager } = await followAsManager();
    expect(await publishAndListen(socket)).toMatchObject({ type: 'event', topic });
    await end(manager.token, manager.user.id);
    expect(await publishAndListen(socket)).toEqual({ type: 'auth', ok: false, code: -2 });
    const quiet = nextMessage(socket);
    await publish(topic, { state: 'done' });
    expect(await ask(socket, { type: 'ping' })).toEqual({ type: 'pong' });
    expect(await quiet).toEqual({ type: 'pong' });
    const again = await ask(socket, { type: 'subscribe', topic });
    expect(again).toMatchObject({ type: 'error' });
    socket.terminate();
  });

  test('a manager who loses the role stops hearing the topic', async () => {
    const { socket, manager } = await followAsManager();
    await t.testDb.db.kysely
      .deleteFrom('user_roles')
      .where('user_id', '=', manager.user.id)
      .execute();
    expect(await publishAndListen(socket)).toMatchObject({ type: 'error' });
    expect(await ask(socket, { type: 'ping' })).toEqual({ type: 'pong' });
    socket.terminate();
  });
});
