/**
 * The page a browser gets for a subscription link: for each client, a one-click import link, a
 * QR code and the link in its format to copy. Self-contained (inline style, QR codes as data
 * URLs) and without JavaScript, in both languages with `lang` first.
 */
import QRCode from 'qrcode';
import { escapeHtml } from '../../lib/shared/escape.ts';
import { encodeBase64 } from '../../lib/shared/proxy/base64.ts';
import { encodePart } from '../../lib/shared/proxy/link-parts.ts';
import type { OutputFormat } from './client-detect.ts';

type Lang = 'zh-CN' | 'en';

interface Client {
  readonly id: string;
  readonly name: string;
  /** The apps it covers, by name (the same in both languages). */
  readonly apps: string;
  readonly format: OutputFormat;
  /** The deep link that opens the client's import, or null where it has none. */
  readonly importLink: ((link: string, title: string) => string) | null;
}

const enc = encodePart;

const CLIENTS: readonly Client[] = [
  {
    id: 'clash',
    name: 'Clash / mihomo',
    apps: 'Clash Verge Rev, mihomo Party, FlClash, Clash Meta for Android, ClashX Meta',
    format: 'clash',
    importLink: (link, title) => `clash://install-config?url=${enc(link)}&name=${enc(title)}`,
  },
  {
    id: 'stash',
    name: 'Stash',
    apps: 'Stash (iOS, macOS)',
    format: 'clash',
    importLink: (link) => `stash://install-config?url=${enc(link)}`,
  },
  {
    id: 'sing-box',
    name: 'sing-box',
    apps: 'sing-box (SFA, SFI, SFM), Hiddify',
    format: 'sing-box',
    importLink: (link, title) => `sing-box://import-remote-profile?url=${enc(link)}#${enc(title)}`,
  },
  {
    id: 'shadowrocket',
    name: 'Shadowrocket',
    apps: 'Shadowrocket (iOS)',
    format: 'v2ray',
    importLink: (link, title) =>
      `shadowrocket://add/sub://${encodeBase64(link)}?remark=${enc(title)}`,
  },
  {
    id: 'v2ray',
    name: 'v2rayN / v2rayNG',
    apps: 'v2rayN, v2rayNG, NekoBox',
    format: 'v2ray',
    importLink: null,
  },
];

/** The link with `target` set, whether or not it already has a query (`?token=`). */
function withTarget(url: string, target: OutputFormat): string {
  const link = new URL(url);
  link.searchParams.set('target', target);
  return link.href;
}

/** Text in the page's language, then the other one, marked as such for screen readers. */
function both(lang: Lang, zh: string, en: string): string {
  return lang === 'en'
    ? `${escapeHtml(en)} <span lang="zh-CN">/ ${escapeHtml(zh)}</span>`
    : `${escapeHtml(zh)} <span lang="en">/ ${escapeHtml(en)}</span>`;
}

/** The same for attribute values, which hold no markup. */
const plain = (lang: Lang, zh: string, en: string): string =>
  escapeHtml(lang === 'en' ? `${en} / ${zh}` : `${zh} / ${en}`);

async function qrImage(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${encodeBase64(svg)}`;
}

async function clientSection(lang: Lang, client: Client, url: string, title: string) {
  const link = withTarget(url, client.format);
  const deep = client.importLink?.(link, title) ?? null;
  const qr = await qrImage(deep ?? link);
  const field = `link-${client.id}`;
  const importButton =
    deep === null
      ? `<p class="hint">${both(lang, '复制下面的订阅链接，在客户端中添加订阅。', 'Copy the subscription link below and add it as a subscription in the client.')}</p>`
      : `<p><a class="import" href="${escapeHtml(deep)}">${both(lang, `一键导入到 ${client.name}`, `Import into ${client.name}`)}</a></p>`;
  return `<section aria-labelledby="h-${client.id}">
<h2 id="h-${client.id}">${escapeHtml(client.name)}</h2>
<p class="apps">${both(lang, '适用于', 'For')}: ${escapeHtml(client.apps)}</p>
<div class="row">
<img src="${qr}" width="160" height="160" alt="${plain(lang, `${client.name} 的${deep === null ? '订阅链接' : '导入'}二维码`, `QR code ${deep === null ? 'of the subscription link' : 'to import'} for ${client.name}`)}">
<div class="grow">
${importButton}
<label for="${field}">${both(lang, `${client.name} 订阅链接`, `${client.name} subscription link`)}</label>
<input id="${field}" type="text" readonly value="${escapeHtml(link)}" autocomplete="off" spellcheck="false">
</div>
</div>
</section>`;
}

const STYLE = `:root{color-scheme:light dark;--bg:#f7f7f8;--card:#fff;--text:#1d1d1f;--muted:#5f6368;--line:#d9d9de;--accent:#0b57d0;--warn-bg:#fff4e5;--warn:#7a4100}
@media (prefers-color-scheme:dark){:root{--bg:#121214;--card:#1e1e22;--text:#ececf1;--muted:#a8a8b3;--line:#3a3a42;--accent:#8ab4f8;--warn-bg:#3a2a12;--warn:#ffd8a8}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--text);font:16px/1.55 system-ui,-apple-system,"Segoe UI","PingFang SC","Noto Sans CJK SC",sans-serif}
main{max-width:44rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:.5rem 0}
h2{font-size:1.15rem;margin:0 0 .25rem}
.warn{background:var(--warn-bg);color:var(--warn);border-radius:.5rem;padding:.75rem 1rem}
section{background:var(--card);border:1px solid var(--line);border-radius:.75rem;padding:1rem;margin:1rem 0}
.apps,.hint{color:var(--muted);margin:0 0 .75rem}
.row{display:flex;flex-wrap:wrap;gap:1rem;align-items:flex-start}
.grow{flex:1 1 14rem;min-width:0}
img{background:#fff;border-radius:.5rem;max-width:100%;height:auto}
.import{display:inline-block;background:var(--accent);color:var(--card);padding:.6rem 1rem;border-radius:.5rem;text-decoration:none;font-weight:600}
.import:focus-visible,input:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
label{display:block;font-size:.9rem;margin:.75rem 0 .25rem}
input{width:100%;font:inherit;font-size:.85rem;padding:.5rem;border:1px solid var(--line);border-radius:.375rem;background:var(--bg);color:var(--text)}`;

export async function linkPage(options: {
  title: string;
  url: string;
  lang: Lang;
}): Promise<string> {
  const { title, url, lang } = options;
  const sections = await Promise.all(
    CLIENTS.map((client) => clientSection(lang, client, url, title)),
  );
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} · ${plain(lang, '订阅', 'Subscription')}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p class="warn" role="note"><strong>${both(lang, '这是你的私人链接，请勿分享。', 'This is your private link: do not share it.')}</strong> ${both(lang, '拿到它的人都能使用你的节点。', 'Anyone who has it can use your nodes.')}</p>
<p>${both(lang, '在手机上点“一键导入”，或用客户端扫描二维码；在电脑上复制链接，在客户端中添加订阅。', 'On a phone, tap Import or scan the QR code in the client; on a computer, copy the link and add it as a subscription in the client.')}</p>
${sections.join('\n')}
</main>
</body>
</html>
`;
}
