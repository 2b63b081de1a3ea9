/** What other folders may use of the proxy domain (its routes are registered by app.ts). */
export { ProxyService } from './proxy.service.ts';
export { SubscriptionSchedule } from './subscription-schedule.ts';
export type * from './node.schema.ts';
export type * from './subscription.schema.ts';
export type * from './token.schema.ts';
