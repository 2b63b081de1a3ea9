import { expect, test } from 'vitest';
import { renderCommentMarkdown } from './comment.markdown.ts';

test('the safe subset of Markdown renders', () => {
  const html = renderCommentMarkdown(
    '**bold** *em* `code`\n\n> quoted\n\n- a\n- b\n\n1. one\n\n```\nx < y\n```',
  );
  expect(html).toContain('<strong>bold</strong>');
  expect(html).toContain('<em>em</em>');
  expect(html).toContain('<code>code</code>');
  expect(html).toContain('<blockquote>');
  expect(html).toContain('<ul>');
  expect(html).toContain('<ol>');
  expect(html).toContain('<pre><code>x &lt; y');
});

test('links keep http/https/mailto, open in a new tab and carry rel="nofollow ugc noopener"', () => {
  const html = renderCommentMarkdown('[site](https://example.com/a) [mail](mailto:a@example.com)');
  expect(html).toContain(
    '<a href="https://example.com/a" rel="nofollow ugc noopener" target="_blank">site</a>',
  );
  expect(html).toContain('href="mailto:a@example.com"');
});

const payloads: ReadonlyArray<readonly [string, string]> = [
  ['script tag', '<script>alert(1)</script>hello'],
  ['img onerror', '<img src=x onerror="alert(1)">'],
  ['javascript: link (Markdown)', '[click](javascript:alert(1))'],
  ['javascript: link (HTML)', '<a href="javascript:alert(1)">click</a>'],
  ['entity-encoded javascript: link', '<a href="jav&#x61;script:alert(1)">click</a>'],
  ['data: link', '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
  ['iframe', '<iframe src="https://evil.example"></iframe>'],
  ['event attribute', '<p onclick="alert(1)" onmouseover="alert(1)">hi</p>'],
  ['svg onload', '<svg onload="alert(1)"><circle/></svg>'],
  ['style attribute', '<em style="background:url(javascript:alert(1))">x</em>'],
  ['protocol-relative link', '<a href="//evil.example">x</a>'],
];

test.each(payloads)('%s renders inert', (_name, payload) => {
  const html = renderCommentMarkdown(payload);
  expect(html).not.toMatch(/<script|<img|<iframe|<svg|<style/i);
  expect(html).not.toMatch(/\son\w+\s*=/i);
  expect(html).not.toMatch(/javascript:|data:|style=/i);
  expect(html).not.toMatch(/href="\/\//);
  expect(html).not.toContain('alert(1)</script>');
});

test('a script tag keeps the text around it and drops its body', () => {
  expect(renderCommentMarkdown('<script>alert(1)</script>hello')).toBe('hello');
});
