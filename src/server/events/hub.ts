/**
 * The event hub: what one part of the app publishes on a topic (src/lib/shared/topics.ts), every
 * subscriber hears — the WebSocket clients (src/server/ws) and other services. With Redis, events
 * published on any instance reach the subscribers of every instance; otherwise they stay in this
 * process.
 */
import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import type { Topic, TopicPayloads } from '../../lib/shared/topics.ts';

export type HubEvent = {
  [T in Topic]: { readonly topic: T; readonly data: TopicPayloads[T] };
}[Topic];

export interface Hub {
  publish<T extends Topic>(topic: T, data: TopicPayloads[T]): Promise<void>;
  subscribe(listener: (event: HubEvent) => void): () => void;
  close(): Promise<void>;
}

/** Calls the listener with the payload of every event on one topic; returns the unsubscribe. */
export function onTopic<T extends Topic>(
  hub: Hub,
  topic: T,
  listener: (data: TopicPayloads[T]) => void,
): () => void {
  return hub.subscribe((event) => {
    if (event.topic === topic) listener(event.data as TopicPayloads[T]);
  });
}

function localEvents() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    emit(event: HubEvent) {
      emitter.emit('event', event);
    },
    subscribe(listener: (event: HubEvent) => void) {
      emitter.on('event', listener);
      return () => {
        emitter.off('event', listener);
      };
    },
    close() {
      emitter.removeAllListeners();
    },
  };
}

export function memoryHub(): Hub {
  const local = localEvents();
  return {
    async publish(topic, data) {
      local.emit({ topic, data } as HubEvent);
    },
    subscribe: local.subscribe,
    async close() {
      local.close();
    },
  };
}

export function redisHub(redis: Redis, channel = 'atrium:events'): Hub {
  const local = localEvents();
  const subscriber = redis.duplicate();
  subscriber.on('error', () => undefined);
  // Closing before the subscription completes rejects it; that is no error worth reporting.
  const ready = subscriber.subscribe(channel).then(
    () => undefined,
    () => undefined,
  );
  subscriber.on('message', (_channel: string, message: string) => {
    try {
      const event = JSON.parse(message) as HubEvent;
      local.emit({ topic: event.topic, data: event.data } as HubEvent);
    } catch {
      // A message that is not ours is ignored.
    }
  });
  return {
    async publish(topic, data) {
      await ready;
      await redis.publish(channel, JSON.stringify({ topic, data }));
    },
    subscribe: local.subscribe,
    async close() {
      local.close();
      subscriber.disconnect();
    },
  };
}
