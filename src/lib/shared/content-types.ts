/** The content type of each file of the site, and whether compressing it pays (pure: both sides). */
const TEXT = '; charset=utf-8';

/** Content types by extension (lower case, no dot), with whether the bytes are worth compressing. */
const TYPES: Readonly<Record<string, readonly [type: string, compressible: boolean]>> = {
  html: ['text/html' + TEXT, true],
  htm: ['text/html' + TEXT, true],
  css: ['text/css' + TEXT, true],
  js: ['text/javascript' + TEXT, true],
  mjs: ['text/javascript' + TEXT, true],
  cjs: ['text/javascript' + TEXT, true],
  json: ['application/json' + TEXT, true],
  map: ['application/json' + TEXT, true],
  webmanifest: ['application/manifest+json' + TEXT, true],
  txt: ['text/plain' + TEXT, true],
  md: ['text/markdown' + TEXT, true],
  csv: ['text/csv' + TEXT, true],
  xml: ['application/xml' + TEXT, true],
  rss: ['application/rss+xml' + TEXT, true],
  atom: ['application/atom+xml' + TEXT, true],
  xsl: ['application/xslt+xml' + TEXT, true],
  svg: ['image/svg+xml' + TEXT, true],
  wasm: ['application/wasm', true],
  ico: ['image/x-icon', true],
  ttf: ['font/ttf', true],
  otf: ['font/otf', true],
  eot: ['application/vnd.ms-fontobject', true],
  woff: ['font/woff', false],
  woff2: ['font/woff2', false],
  png: ['image/png', false],
  jpg: ['image/jpeg', false],
  jpeg: ['image/jpeg', false],
  gif: ['image/gif', false],
  webp: ['image/webp', false],
  avif: ['image/avif', false],
  apng: ['image/apng', false],
  bmp: ['image/bmp', true],
  mp4: ['video/mp4', false],
  webm: ['video/webm', false],
  mp3: ['audio/mpeg', false],
  ogg: ['audio/ogg', false],
  wav: ['audio/wav', true],
  pdf: ['application/pdf', false],
  zip: ['application/zip', false],
  gz: ['application/gzip', false],
  br: ['application/octet-stream', false],
  // Pagefind's index files are gzip-framed already and decoded by pagefind.js itself.
  pagefind: ['application/octet-stream', false],
  pf_meta: ['application/octet-stream', false],
  pf_index: ['application/octet-stream', false],
  pf_fragment: ['application/octet-stream', false],
  pf_filter: ['application/octet-stream', false],
};

const UNKNOWN: readonly [string, boolean] = ['application/octet-stream', false];

/** The content type of a file name, and whether compressing it pays. */
export function contentTypeOf(name: string): { type: string; compressible: boolean } {
  const dot = name.lastIndexOf('.');
  const ext = dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
  const [type, compressible] = TYPES[ext] ?? UNKNOWN;
  return { type, compressible };
}
