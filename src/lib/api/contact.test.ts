import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { listContactMessages, markContactRead, sendContact } from './contact.ts';
import { stubFetch, type Reply, type Sent } from './stub-fetch.test-helpers.ts';

let sent: Sent[];
let reply: Reply;

function only(): Sent {
  expect(sent).toHaveLength(1);
  return sent[0] as Sent;
}

beforeEach(() => {
  sent = [];
  reply = () => ({ code: 1, message: 'ok', data: null });
  stubFetch((one) => {
    sent.push(one);
    return reply(one);
  });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test('sendContact: POST /api/contact/email with the fields and the captcha answer', async () => {
  reply = () => ({ code: 1, message: 'ok', data: { id: 'm1' } });
  const message = {
    email: 'a@example.com',
    subject: 'Hello',
    content: 'Text',
    sessionId: 's1',
    code: 'AB12',
  };
  await expect(sendContact(message)).resolves.toEqual({ id: 'm1' });
  expect({ ...only(), body: JSON.parse(only().body) as unknown }).toMatchObject({
    method: 'POST',
    body: message,
  });
  expect(only().url.pathname).toBe('/api/contact/email');
});

test('inbox calls: list (unread only when asked), mark read with POST', async () => {
  reply = () => ({
    code: 1,
    message: 'ok',
    data: { records: [], totalRecordNum: 0, totalPageNum: 0, pageNum: 1, pageSize: 20 },
  });
  await listContactMessages({ pageNum: 1, pageSize: 20, unread: true });
  await listContactMessages({ pageNum: 2, pageSize: 20, unread: false });
  await markContactRead('m1');
  expect(sent.map((s) => `${s.method} ${s.url.pathname}${s.url.search}`)).toEqual([
    'GET /api/contact/messages?pageNum=1&pageSize=20&unread=true',
    'GET /api/contact/messages?pageNum=2&pageSize=20',
    'POST /api/contact/messages/m1/read',
  ]);
});
