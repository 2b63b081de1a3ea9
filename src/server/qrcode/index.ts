export { qrcodeRoutes } from './qrcode.routes.ts';
