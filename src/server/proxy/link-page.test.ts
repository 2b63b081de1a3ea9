import { describe, expect, test } from 'vitest';
import { decodeBase64 } from '../../lib/shared/proxy/base64.ts';
import { linkPage } from './link-page.ts';

const URL_WITH_TOKEN = 'https://site.example/proxy/s?token=abc';
const TITLE = 'Atrium <script>alert(1)</script> & "co"';

/** The attribute values of `name` in the page, unescaped as a browser reads them. */
function attributes(html: string, name: string): string[] {
  return [...html.matchAll(new RegExp(`\\s${name}="([^"]*)"`, 'g'))].map((m) =>
    (m[1] ?? '')
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&'),
  );
}

describe('the subscription page', () => {
  test('escapes the title everywhere and runs no script', async () => {
    const html = await linkPage({ title: TITLE, url: URL_WITH_TOKEN, lang: 'en' });
    expect(html).not.toContain('<script>');
    expect(html).toContain(
      '<h1>Atrium &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;co&quot;</h1>',
    );
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });

  test('sets lang and puts that language first, the other marked', async () => {
    const en = await linkPage({ title: 'T', url: URL_WITH_TOKEN, lang: 'en' });
    const zh = await linkPage({ title: 'T', url: URL_WITH_TOKEN, lang: 'zh-CN' });
    expect(en).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(zh).toMatch(/^<!doctype html>\n<html lang="zh-CN">/);
    expect(en).toContain(
      'This is your private link: do not share it. <span lang="zh-CN">/ 这是你的私人链接，请勿分享。</span>',
    );
    expect(zh).toContain(
      '这是你的私人链接，请勿分享。 <span lang="en">/ This is your private link: do not share it.</span>',
    );
  });

  test('every client has its import link, built on the link with its target', async () => {
    const html = await linkPage({ title: TITLE, url: URL_WITH_TOKEN, lang: 'zh-CN' });
    const hrefs = attributes(html, 'href');
    const title = encodeURIComponent(TITLE);
    const clash = encodeURIComponent(`${URL_WITH_TOKEN}&target=clash`);
    expect(hrefs).toEqual([
      `clash://install-config?url=${clash}&name=${title}`,
      `stash://install-config?url=${clash}`,
      `sing-box://import-remote-profile?url=${encodeURIComponent(`${URL_WITH_TOKEN}&target=sing-box`)}#${title}`,
      expect.stringMatching(/^shadowrocket:\/\/add\/sub:\/\/[A-Za-z0-9+/=]+\?remark=/),
    ]);
    const rocket = /sub:\/\/([^?]+)\?remark=(.*)$/.exec(hrefs[3] ?? '');
    expect(decodeBase64(rocket?.[1] ?? '')).toBe(`${URL_WITH_TOKEN}&target=v2ray`);
    expect(decodeURIComponent(rocket?.[2] ?? '')).toBe(TITLE);
  });

  test('the links to copy, each in a labelled read-only field', async () => {
    const html = await linkPage({ title: 'T', url: URL_WITH_TOKEN, lang: 'en' });
    const inputs = [...html.matchAll(/<input id="([^"]+)" type="text" readonly value="([^"]*)"/g)];
    expect(inputs.map((m) => [m[1], m[2]?.replaceAll('&amp;', '&')])).toEqual([
      ['link-clash', `${URL_WITH_TOKEN}&target=clash`],
      ['link-stash', `${URL_WITH_TOKEN}&target=clash`],
      ['link-sing-box', `${URL_WITH_TOKEN}&target=sing-box`],
      ['link-shadowrocket', `${URL_WITH_TOKEN}&target=v2ray`],
      ['link-v2ray', `${URL_WITH_TOKEN}&target=v2ray`],
    ]);
    for (const [, id] of inputs) expect(html).toContain(`<label for="${id}">`);
  });

  test('a link without a query gets ?target=, an existing target is replaced', async () => {
    const html = await linkPage({
      title: 'T',
      url: 'https://site.example/s/abc?target=clash',
      lang: 'en',
    });
    const values = attributes(html, 'value');
    expect(values).toContain('https://site.example/s/abc?target=v2ray');
    const bare = await linkPage({ title: 'T', url: 'https://site.example/s/abc', lang: 'en' });
    expect(attributes(bare, 'value')).toContain('https://site.example/s/abc?target=sing-box');
  });

  test('a QR code per client, an image with a text alternative', async () => {
    const html = await linkPage({ title: 'T', url: URL_WITH_TOKEN, lang: 'en' });
    const images = [
      ...html.matchAll(/<img src="data:image\/svg\+xml;base64,([^"]+)"[^>]* alt="([^"]+)"/g),
    ];
    expect(images).toHaveLength(5);
    for (const [, svg, alt] of images) {
      expect(decodeBase64(svg ?? '')).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
      expect(alt).toMatch(/^QR code .* \/ /);
    }
  });

  test('light and dark, no external resource', async () => {
    const html = await linkPage({ title: 'T', url: URL_WITH_TOKEN, lang: 'en' });
    expect(html).toContain('@media (prefers-color-scheme:dark)');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).not.toMatch(/<(link|script)\b/);
  });
});
