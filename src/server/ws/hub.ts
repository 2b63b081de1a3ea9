/**
 * Events pushed to WebSocket clients. With Redis, events published on any instance reach the
 * clients of every instance; otherwise they stay in this process.
 */
import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

export interface HubEvent {
  readonly topic: string;
  readonly data: unknown;
}

export interface Hub {
  publish(topic: string, data: unknown): Promise<void>;
  subscribe(listener: (event: HubEvent) => void): () => void;
  close(): Promise<void>;
}

export function memoryHub(): Hub {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(topic, data) {
      emitter.emit('event', { topic, data });
    },
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

export function redisHub(redis: Redis, channel = 'atrium:events'): Hub {
  const local = memoryHub();
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
      void local.publish(event.topic, event.data);
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
      await local.close();
      subscriber.disconnect();
    },
  };
}
