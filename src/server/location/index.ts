export { locationRoutes } from './location.routes.ts';
export { locateIp, rectangleCentre } from './ip-location.ts';
export { IpLocationSchema, type IpLocation } from './location.schema.ts';
