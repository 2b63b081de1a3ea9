export { wsRoutes } from './ws.routes.ts';
export { memoryHub, redisHub, type Hub, type HubEvent } from './hub.ts';
