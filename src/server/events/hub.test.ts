import { expect, test } from 'vitest';
import { REDIS_URLS } from '../../../tests/helpers/test-db.ts';
import { connectRedis } from '../redis/index.ts';
import { memoryHub, redisHub, type HubEvent } from './hub.ts';

test('in memory, subscribers hear every event until they unsubscribe', async () => {
  const hub = memoryHub();
  const heard: HubEvent[] = [];
  const stop = hub.subscribe((event) => heard.push(event));
  await hub.publish('site', 1);
  stop();
  await hub.publish('site', 2);
  expect(heard).toEqual([{ topic: 'site', data: 1 }]);
});

test.each(REDIS_URLS)(
  'with Redis, an event published on one instance reaches another (%s)',
  async (url) => {
    const channel = `atrium-test-${process.pid}-${Date.now()}`;
    const a = connectRedis(url);
    const b = connectRedis(url);
    const hubA = redisHub(a, channel);
    const hubB = redisHub(b, channel);
    try {
      const received = new Promise<HubEvent>((resolve) => hubB.subscribe(resolve));
      // B's subscription must be in place before A publishes.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await hubA.publish('site', { n: 1 });
      expect(await received).toEqual({ topic: 'site', data: { n: 1 } });
    } finally {
      await hubA.close();
      await hubB.close();
      a.disconnect();
      b.disconnect();
    }
  },
);
