/**
 * A live view of the page rebuild: the WebSocket topic SITE_BUILD_TOPIC, with REST
 * (GET /api/blog/build) at once and as the fallback whenever the socket is not subscribed.
 */
import { publicConfig } from '../config.ts';
import type { SiteBuildStatus } from '../shared/site-build.ts';
import { SITE_BUILD_TOPIC } from '../shared/topics.ts';
import { TOKEN_KEY, readItem } from '../storage.ts';
import { getSiteBuild } from './blog-manage.ts';

/** True while a rebuild is waiting or running. */
export function isBuildActive(status: SiteBuildStatus | null): boolean {
  return status?.state === 'queued' || status?.state === 'running';
}

/** How often the REST fallback asks while a build is active, and while it is not. */
export const BUILD_POLL_ACTIVE_MS = 2_000;
export const BUILD_POLL_IDLE_MS = 20_000;
/** The longest wait before the WebSocket is opened again after it closed. */
export const WS_RECONNECT_MAX_MS = 30_000;

export interface SiteBuildWatchOptions {
  /** Every status received, from the WebSocket or from a REST call. */
  onStatus: (status: SiteBuildStatus) => void;
  /** A REST call failed (the status may be stale). */
  onError?: (error: unknown) => void;
  /** Whether updates now arrive live over the WebSocket (else REST is polled). */
  onLive?: (live: boolean) => void;
}

function wsUrl(): string {
  const url = new URL(`${publicConfig.apiBase}/ws-connection`, globalThis.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

interface ServerMessage {
  type?: unknown;
  ok?: unknown;
  topic?: unknown;
  data?: unknown;
}

/**
 * Follows the rebuild status: one REST call at once, then the WebSocket topic SITE_BUILD_TOPIC
 * (`auth` with the stored token, then `subscribe` once signed in). While the socket is not
 * subscribed — no WebSocket, refused, closed — REST is polled (often while a build is active) and
 * the socket is reopened with a growing delay, unless the server refused the topic or the token.
 * Returns the function that stops everything.
 */
export function watchSiteBuild(options: SiteBuildWatchOptions): () => void {
  let stopped = false;
  let live = false;
  let wsGivenUp = false;
  let socket: WebSocket | null = null;
  let last: SiteBuildStatus | null = null;
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let reconnects = 0;

  const setLive = (value: boolean) => {
    if (live === value) return;
    live = value;
    options.onLive?.(value);
  };

  const show = (status: SiteBuildStatus) => {
    last = status;
    options.onStatus(status);
  };

  const schedulePoll = () => {
    clearTimeout(pollTimer);
    if (stopped || live) return;
    pollTimer = setTimeout(
      fetchNow,
      isBuildActive(last) ? BUILD_POLL_ACTIVE_MS : BUILD_POLL_IDLE_MS,
    );
  };

  function fetchNow() {
    clearTimeout(pollTimer);
    getSiteBuild()
      .then(
        (status) => {
          if (!stopped) show(status);
        },
        (error: unknown) => {
          if (!stopped) options.onError?.(error);
        },
      )
      .finally(schedulePoll);
  }

  const giveUpSocket = () => {
    wsGivenUp = true;
    socket?.close();
  };

  function connect() {
    const token = readItem(TOKEN_KEY);
    if (stopped || wsGivenUp || !token || typeof WebSocket === 'undefined') return;
    let ws: WebSocket;
    try {
      ws = new WebSocket(wsUrl());
    } catch {
      wsGivenUp = true;
      return;
    }
    socket = ws;
    ws.addEventListener('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
    ws.addEventListener('message', (event: MessageEvent) => {
      let message: ServerMessage;
      try {
        message = JSON.parse(String(event.data)) as ServerMessage;
      } catch {
        return;
      }
      if (message.type === 'auth') {
        // Subscribe only once signed in: the server checks the permission of the topic.
        if (message.ok === true)
          ws.send(JSON.stringify({ type: 'subscribe', topic: SITE_BUILD_TOPIC }));
        else giveUpSocket();
      } else if (message.type === 'subscribed' && message.topic === SITE_BUILD_TOPIC) {
        reconnects = 0;
        setLive(true);
        // Whatever changed between the first answer and the subscription.
        fetchNow();
      } else if (message.type === 'event' && message.topic === SITE_BUILD_TOPIC) {
        if (message.data && typeof message.data === 'object') show(message.data as SiteBuildStatus);
      } else if (message.type === 'error' && !live) {
        // The topic is not available to this session: REST only.
        giveUpSocket();
      }
    });
    ws.addEventListener('close', () => {
      if (socket === ws) socket = null;
      const wasLive = live;
      setLive(false);
      if (stopped) return;
      if (wasLive) fetchNow();
      else schedulePoll();
      if (wsGivenUp) return;
      const delay = Math.min(WS_RECONNECT_MAX_MS, 1_000 * 2 ** reconnects);
      reconnects += 1;
      clearTimeout(reconnectTimer);
      reconnectTimer = setTimeout(connect, delay);
    });
  }

  fetchNow();
  connect();

  return () => {
    stopped = true;
    clearTimeout(pollTimer);
    clearTimeout(reconnectTimer);
    socket?.close();
    socket = null;
  };
}
