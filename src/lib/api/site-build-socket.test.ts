import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { IDLE_BUILD_STATUS, type SiteBuildStatus } from '../shared/site-build.ts';
import { SITE_BUILD_TOPIC } from '../shared/topics.ts';
import { BUILD_POLL_ACTIVE_MS, BUILD_POLL_IDLE_MS, watchSiteBuild } from './site-build-socket.ts';
import { stubFetch, type Reply, type Sent } from './stub-fetch.test-helpers.ts';

let sent: Sent[];
let reply: Reply;

const idle: SiteBuildStatus = IDLE_BUILD_STATUS;
const running: SiteBuildStatus = { ...idle, state: 'running', startedAt: '2026-06-01T00:00:00Z' };
const done: SiteBuildStatus = { ...running, state: 'done', finishedAt: '2026-06-01T00:00:30Z' };

beforeEach(() => {
  sent = [];
  reply = () => ({ code: 1, message: 'ok', data: null });
  stubFetch((one) => {
    sent.push(one);
    return reply(one);
  });
  vi.spyOn(console, 'error').mockImplementation(() => {});
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A stand-in WebSocket: records what the page sends and lets the test play the server. */
class FakeSocket extends EventTarget {
  static all: FakeSocket[] = [];
  readonly url: string;
  readonly sent: unknown[] = [];
  closed = false;

  constructor(url: string) {
    super();
    this.url = url;
    FakeSocket.all.push(this);
  }

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    this.dispatchEvent(new Event('close'));
  }

  open() {
    this.dispatchEvent(new Event('open'));
  }

  receive(message: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
}

function lastSocket(): FakeSocket {
  const socket = FakeSocket.all.at(-1);
  if (!socket) throw new Error('no socket opened');
  return socket;
}

const buildCalls = () => sent.filter((s) => s.url.pathname === '/api/blog/build').length;

test('watchSiteBuild: REST first, then auth → subscribe → live events; polling stops while live', async () => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  localStorage.setItem('token', 'tok');
  reply = () => ({ code: 1, message: 'ok', data: idle });
  const seen: SiteBuildStatus[] = [];
  const liveness: boolean[] = [];
  const stop = watchSiteBuild({
    onStatus: (s) => seen.push(s),
    onLive: (l) => liveness.push(l),
  });
  await vi.advanceTimersByTimeAsync(0);
  expect(seen).toEqual([idle]);

  const socket = lastSocket();
  expect(new URL(socket.url).pathname).toBe('/api/ws-connection');
  expect(new URL(socket.url).protocol).toBe('ws:');
  socket.open();
  expect(socket.sent).toEqual([{ type: 'auth', token: 'tok' }]);
  socket.receive({ type: 'welcome' });
  socket.receive({ type: 'auth', ok: true, userId: 'u1' });
  expect(socket.sent.at(-1)).toEqual({ type: 'subscribe', topic: SITE_BUILD_TOPIC });
  socket.receive({ type: 'subscribed', topic: SITE_BUILD_TOPIC });
  expect(liveness).toEqual([true]);
  await vi.advanceTimersByTimeAsync(0);
  const callsWhenLive = buildCalls();

  socket.receive({ type: 'event', topic: 'site', data: { other: true } });
  socket.receive({ type: 'event', topic: SITE_BUILD_TOPIC, data: running });
  socket.receive({ type: 'event', topic: SITE_BUILD_TOPIC, data: done });
  expect(seen.slice(-2)).toEqual([running, done]);
  await vi.advanceTimersByTimeAsync(BUILD_POLL_IDLE_MS * 3);
  expect(buildCalls()).toBe(callsWhenLive);

  stop();
  expect(socket.closed).toBe(true);
});

test('watchSiteBuild: a refused topic falls back to polling REST, fast while a build runs', async () => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  localStorage.setItem('token', 'tok');
  let status = running;
  reply = () => ({ code: 1, message: 'ok', data: status });
  const seen: SiteBuildStatus[] = [];
  const stop = watchSiteBuild({ onStatus: (s) => seen.push(s) });
  await vi.advanceTimersByTimeAsync(0);
  const socket = lastSocket();
  socket.open();
  socket.receive({ type: 'auth', ok: true, userId: 'u1' });
  socket.receive({ type: 'error', message: `topic ${SITE_BUILD_TOPIC} is not available` });
  expect(socket.closed).toBe(true);

  expect(buildCalls()).toBe(1);
  await vi.advanceTimersByTimeAsync(BUILD_POLL_ACTIVE_MS);
  expect(buildCalls()).toBe(2);
  status = done;
  await vi.advanceTimersByTimeAsync(BUILD_POLL_ACTIVE_MS);
  expect(buildCalls()).toBe(3);
  expect(seen.at(-1)).toEqual(done);
  // Once the build is over, slowly.
  await vi.advanceTimersByTimeAsync(BUILD_POLL_ACTIVE_MS);
  expect(buildCalls()).toBe(3);
  await vi.advanceTimersByTimeAsync(BUILD_POLL_IDLE_MS);
  expect(buildCalls()).toBe(4);
  // The refused socket is not opened again.
  expect(FakeSocket.all).toHaveLength(1);
  stop();
  await vi.advanceTimersByTimeAsync(BUILD_POLL_IDLE_MS * 2);
  expect(buildCalls()).toBe(4);
});

test('watchSiteBuild: a live socket that drops catches up over REST and reconnects', async () => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  localStorage.setItem('token', 'tok');
  reply = () => ({ code: 1, message: 'ok', data: idle });
  const liveness: boolean[] = [];
  const stop = watchSiteBuild({ onStatus: () => {}, onLive: (l) => liveness.push(l) });
  await vi.advanceTimersByTimeAsync(0);
  const first = lastSocket();
  first.open();
  first.receive({ type: 'auth', ok: true });
  first.receive({ type: 'subscribed', topic: SITE_BUILD_TOPIC });
  await vi.advanceTimersByTimeAsync(0);
  const before = buildCalls();
  first.close();
  expect(liveness).toEqual([true, false]);
  await vi.advanceTimersByTimeAsync(0);
  expect(buildCalls()).toBe(before + 1);
  await vi.advanceTimersByTimeAsync(1_000);
  expect(FakeSocket.all).toHaveLength(2);
  stop();
});

test('watchSiteBuild without a token or WebSocket only polls REST', async () => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  reply = () => ({ code: 1, message: 'ok', data: idle });
  const errors: unknown[] = [];
  const stop = watchSiteBuild({ onStatus: () => {}, onError: (e) => errors.push(e) });
  await vi.advanceTimersByTimeAsync(0);
  expect(FakeSocket.all).toHaveLength(0);
  reply = () => ({ code: -404, message: 'Not found', data: null });
  await vi.advanceTimersByTimeAsync(BUILD_POLL_IDLE_MS);
  expect(errors).toHaveLength(1);
  stop();
});
