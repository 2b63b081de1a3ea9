import { expect, test } from 'vitest';
import { redactUrl } from './log-redact.ts';

test('the client link secret never reaches the log', () => {
  const secret = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5';
  expect(redactUrl(`/api/proxy/agg/${secret}?target=clash`)).toBe(
    '/api/proxy/agg/[secret]?target=clash',
  );
  expect(redactUrl(`/api/proxy/agg?target=v2ray&token=${secret}`)).toBe(
    '/api/proxy/agg?target=v2ray&token=[secret]',
  );
  const link = encodeURIComponent(`https://site.example/api/proxy/agg/${secret}`);
  expect(redactUrl(`/api/common/qrcode?data=${link}`)).toBe('/api/common/qrcode?data=[secret]');
  expect(redactUrl('/api/blog/article?pageNum=2')).toBe('/api/blog/article?pageNum=2');
});
