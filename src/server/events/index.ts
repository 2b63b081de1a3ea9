export { memoryHub, onTopic, redisHub, type Hub, type HubEvent } from './hub.ts';
