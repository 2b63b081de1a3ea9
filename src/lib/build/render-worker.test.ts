import { expect, test } from 'vitest';
import { withCspMeta } from './render-worker.ts';

test('the policy goes into the head, right after the charset, escaped', () => {
  const html = '<!DOCTYPE html><html><head><meta charset="utf-8"><title>x</title></head></html>';
  expect(withCspMeta(html, `script-src 'self' "x"&`)).toBe(
    '<!DOCTYPE html><html><head><meta charset="utf-8">' +
      `<meta http-equiv="content-security-policy" content="script-src 'self' &quot;x&quot;&amp;">` +
      '<title>x</title></head></html>',
  );
  expect(withCspMeta('<html><head><title>x</title></head></html>', 'a')).toBe(
    '<html><head><meta http-equiv="content-security-policy" content="a"><title>x</title></head></html>',
  );
  expect(() => withCspMeta('<p>no head</p>', 'a')).toThrow('a page without <head>');
});
