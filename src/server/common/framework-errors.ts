/**
 * The answers Fastify and Node give before any route or error handler runs — a malformed
 * percent-escape, a path parameter over the router's limit, headers too large, a request line
 * Node cannot parse, a request during shutdown — in the `{code, message, data}` envelope with a
 * truthful status, never echoing the URL back.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '../../lib/shared/codes.ts';
import { fail } from './envelope.ts';

const BAD_URL = '网址无效（百分号编码有误）/ Malformed URL (a bad percent-escape)';
const URL_TOO_LONG = '网址中的参数过长 / A part of the URL is too long';
const HEADERS_TOO_LARGE = '请求头过大 / Request headers too large';
const REQUEST_TIMEOUT = '请求超时 / The request took too long to arrive';
const MALFORMED = '无法解析的请求 / Malformed HTTP request';
const CLOSING = '服务器正在重启，请稍后再试 / The server is restarting, try again shortly';

/** Fastify's `frameworkErrors` option: router failures answered as the envelope. */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(414).send(fail(Code.BAD_REQUEST, URL_TOO_LONG));
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return reply.status(400).send(fail(Code.BAD_REQUEST, BAD_URL));
  }
  return reply.status(400).send(fail(Code.BAD_REQUEST, MALFORMED));
}

/** The raw HTTP answer to a request Node's parser refused (there is no request object then). */
export function clientErrorResponse(errorCode: string | undefined): string {
  const [status, message] =
    errorCode === 'HPE_HEADER_OVERFLOW'
      ? [431, HEADERS_TOO_LARGE]
      : errorCode === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, REQUEST_TIMEOUT]
        : [400, MALFORMED];
  const body = JSON.stringify(fail(Code.BAD_REQUEST, message));
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
    `Content-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    `Connection: close\r\n\r\n${body}`
  );
}

/** Fastify's `clientErrorHandler` option. */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has no one left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) socket.write(clientErrorResponse(error.code));
  socket.destroy(error);
}

/**
 * While the app closes, new requests get 503 in the envelope (Fastify's own answer to them is
 * bare), with `Connection: close` so a balancer moves on to another instance.
 */
export function refuseWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    // Sent as text: the route's response schema for 503 (health has one) would reshape `data`.
    return reply
      .status(503)
      .header('connection', 'close')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(fail(Code.INTERNAL, CLOSING)));
  });
}
