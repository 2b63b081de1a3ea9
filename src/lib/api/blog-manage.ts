/**
 * Calls of the blog manage pages (permissions blog:article/category/tag:manage; the inbox needs
 * ROLE_super_admin), one typed function per endpoint, plus the article image upload and a live
 * view of the page rebuild (WebSocket topic, REST as the fallback).
 */
import type {
  Article,
  ArticleBody,
  ManagedArticleSummary,
  ManageQuery,
} from '../../server/blog/article.schema.ts';
import type { Term } from '../../server/blog/taxonomy.schema.ts';
import type { ContactListQuery, ContactMessage } from '../../server/contact/contact.schema.ts';
import { publicConfig } from '../config.ts';
import { request } from '../http.ts';
import type { Page } from '../shared/codes.ts';
import { SITE_BUILD_TOPIC, type SiteBuildStatus } from '../shared/site-build.ts';
import { TOKEN_KEY, readItem } from '../storage.ts';
import { getUploadTicket, uploadFile, type UploadOptions } from './upload.ts';

export type { Article, ArticleBody, ManagedArticleSummary, Term, ContactMessage, SiteBuildStatus };
export type ArticleStatus = Article['status'];
export type ArticleSort = ManageQuery['sort'];
export type SortOrder = ManageQuery['order'];
export type TermKind = 'category' | 'tag';

/** The query of GET /api/blog/article/manage; everything but paging and sorting may be left out. */
export type ManagedArticleQuery = Pick<ManageQuery, 'pageNum' | 'pageSize' | 'sort' | 'order'> &
  Partial<Pick<ManageQuery, 'search' | 'status' | 'categoryId' | 'tagId'>>;

// ---- Articles ----

/** GET /api/blog/article/manage — a page of articles of every status; a blank search is not sent. */
export function listManagedArticles(
  query: ManagedArticleQuery,
): Promise<Page<ManagedArticleSummary>> {
  const search = query.search?.trim();
  return request<Page<ManagedArticleSummary>>('get', 'blog/article/manage', {
    searchParams: {
      pageNum: query.pageNum,
      pageSize: query.pageSize,
      search: search ? search : undefined,
      status: query.status,
      categoryId: query.categoryId,
      tagId: query.tagId,
      sort: query.sort,
      order: query.order,
    },
  });
}

/** GET /api/blog/article/detail/{id} — one article with its Markdown (drafts too, for managers). */
export function getArticle(id: string): Promise<Article> {
  return request<Article>('get', `blog/article/detail/${encodeURIComponent(id)}`);
}

/** POST /api/blog/article — creates an article (draft, published or scheduled). */
export function createArticle(body: ArticleBody): Promise<Article> {
  return request<Article>('post', 'blog/article', { json: body });
}

/** PUT /api/blog/article/{id} — replaces an article. */
export function updateArticle(id: string, body: ArticleBody): Promise<Article> {
  return request<Article>('put', `blog/article/${encodeURIComponent(id)}`, {
    json: { ...body, id },
  });
}

/** DELETE /api/blog/article/{id} — deletes an article with its tag links and comments. */
export async function deleteArticle(id: string): Promise<void> {
  await request<unknown>('delete', `blog/article/${encodeURIComponent(id)}`);
}

// ---- Categories and tags ----

/** GET /api/blog/{category|tag} — every term with its count of visible articles. */
export function listTerms(kind: TermKind): Promise<Term[]> {
  return request<Term[]>('get', `blog/${kind}`);
}

/** GET /api/blog/{category|tag}/{id} — one term. */
export function getTerm(kind: TermKind, id: number): Promise<Term> {
  return request<Term>('get', `blog/${kind}/${id}`);
}

/** POST /api/blog/{category|tag} — creates a term (names are unique regardless of case). */
export function createTerm(kind: TermKind, name: string): Promise<Term> {
  return request<Term>('post', `blog/${kind}`, { json: { name: name.trim() } });
}

/** PUT /api/blog/{category|tag}/{id} — renames a term. */
export function renameTerm(kind: TermKind, id: number, name: string): Promise<Term> {
  return request<Term>('put', `blog/${kind}/${id}`, { json: { id, name: name.trim() } });
}

/**
 * DELETE /api/blog/{category|tag}/{id}. A category that still has articles is refused (code 0,
 * the message gives their number) unless `moveTo` names the category to move them to first.
 */
export async function deleteTerm(kind: TermKind, id: number, moveTo?: number): Promise<void> {
  await request<unknown>('delete', `blog/${kind}/${id}`, {
    searchParams: { moveTo: kind === 'category' ? moveTo : undefined },
  });
}

// ---- The owner's inbox ----

export type ContactQuery = Pick<ContactListQuery, 'pageNum' | 'pageSize'> &
  Partial<Pick<ContactListQuery, 'unread'>>;

/** GET /api/contact/messages — a page of the messages received, newest first. */
export function listContactMessages(query: ContactQuery): Promise<Page<ContactMessage>> {
  return request<Page<ContactMessage>>('get', 'contact/messages', {
    searchParams: {
      pageNum: query.pageNum,
      pageSize: query.pageSize,
      unread: query.unread ? true : undefined,
    },
  });
}

/** POST /api/contact/messages/{id}/read — marks a message read. */
export function markContactRead(id: string): Promise<ContactMessage> {
  return request<ContactMessage>('post', `contact/messages/${encodeURIComponent(id)}/read`);
}

// ---- Article images ----

/** Where uploaded article images are served, below the image host. */
export const ARTICLE_IMAGE_FOLDER = '/uploads/article/';

/**
 * The address to write into an article for an uploaded image: the image host (when the pages are
 * served from elsewhere) and the server's path; an absolute URL stays as it is.
 */
export function articleImageUrl(
  uploaded: { key: string; url?: string },
  imageHost: string = publicConfig.imageHost,
): string {
  const path = uploaded.url ?? `${ARTICLE_IMAGE_FOLDER}${encodeURIComponent(uploaded.key)}`;
  if (/^https?:\/\//i.test(path)) return path;
  return `${imageHost.replace(/\/+$/, '')}${path}`;
}

/** Asks for an article image ticket and uploads the file → the URL to write into the article. */
export async function uploadArticleImage(file: Blob, options: UploadOptions = {}): Promise<string> {
  const ticket = await getUploadTicket('article');
  return articleImageUrl(await uploadFile(ticket, file, options));
}

// ---- The page rebuild ----

/** GET /api/blog/build — the state of the page rebuild. */
export function getSiteBuild(): Promise<SiteBuildStatus> {
  return request<SiteBuildStatus>('get', 'blog/build');
}

/** POST /api/blog/build — asks for a rebuild now (queued behind a running one). */
export function startSiteBuild(): Promise<SiteBuildStatus> {
  return request<SiteBuildStatus>('post', 'blog/build');
}

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
