export { locateIp, rectangleCentre } from './ip-location.ts';
export { IpLocationSchema, type IpLocation } from './location.schema.ts';
