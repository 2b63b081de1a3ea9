/**
 * Every topic of the event hub (src/server/events), with its payload and who may follow it on the
 * WebSocket (/api/ws-connection). A section that publishes events adds its topics here.
 */
import { BLOG_MANAGE_ANY } from './permissions.ts';
import type { SiteBuildStatus } from './site-build.ts';
import type { TermKind } from './term-kinds.ts';

/** Notices any page may follow. */
export const SITE_TOPIC = 'site';
/** A committed change to the blog's content, heard by every instance (never by browsers). */
export const BLOG_TOPIC = 'blog';
/** The state of the page rebuild, for the blog's managers. */
export const SITE_BUILD_TOPIC = 'blog:build';
/** A committed change to the proxy area's nodes, subscriptions or tokens (instances only). */
export const PROXY_TOPIC = 'proxy';

export interface BlogChange {
  readonly kind: 'article' | TermKind;
  readonly id: string | number;
  readonly action: 'create' | 'update' | 'delete';
}

export interface TopicPayloads {
  /** No notice is published yet: the topic is open for whatever every page should hear. */
  [SITE_TOPIC]: unknown;
  [BLOG_TOPIC]: BlogChange;
  [SITE_BUILD_TOPIC]: SiteBuildStatus;
  /** Nothing but the fact: every instance drops its cached client outputs. */
  [PROXY_TOPIC]: null;
}

export type Topic = keyof TopicPayloads;

/**
 * Who may subscribe on the WebSocket: anyone; signed-in holders of any of the permissions named
 * (checked again before each event); or nobody, for topics only instances exchange.
 */
export type TopicAudience = 'public' | 'instances' | { readonly anyOf: readonly string[] };

export const TOPIC_AUDIENCE: Readonly<Record<Topic, TopicAudience>> = {
  [SITE_TOPIC]: 'public',
  [BLOG_TOPIC]: 'instances',
  [SITE_BUILD_TOPIC]: { anyOf: BLOG_MANAGE_ANY },
  [PROXY_TOPIC]: 'instances',
};

export function isTopic(name: string): name is Topic {
  return Object.hasOwn(TOPIC_AUDIENCE, name);
}
