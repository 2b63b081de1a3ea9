import { describe, expect, it } from 'vitest';
import { readingMinutesOf, renderArticle } from './render.ts';

const ORIGIN = 'https://site.example';

async function html(markdown: string): Promise<string> {
  return (await renderArticle(markdown, { origin: ORIGIN })).html;
}

/** Parses rendered HTML so assertions look at elements, not at string shapes. */
function dom(markup: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = markup;
  return root;
}

describe('renderArticle: GitHub-flavoured Markdown', () => {
  it('renders a table with its header, body and alignment', async () => {
    const root = dom(await html('| Name | Count |\n| --- | :-: |\n| apples | 3 |\n| pears | 5 |'));
    const table = root.querySelector('table');
    expect(table).not.toBeNull();
    expect([...root.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'Name',
      'Count',
    ]);
    expect(root.querySelectorAll('tbody tr')).toHaveLength(2);
    expect(root.querySelector('tbody tr td:nth-child(2)')?.getAttribute('align')).toBe('center');
    // A wide table scrolls in a box that keyboard users can reach.
    const box = table?.parentElement;
    expect(box?.classList.contains('table-scroll')).toBe(true);
    expect(box?.getAttribute('tabindex')).toBe('0');
    // A focusable box is a region named by the table's header, the author's own words.
    expect(box?.getAttribute('role')).toBe('region');
    expect(box?.getAttribute('aria-label')).toBe('Name, Count');
  });

  it('leaves a table with an empty header row focusable but unnamed (no empty region)', async () => {
    const box = dom(await html('|  |  |\n|---|---|\n| a | b |')).querySelector('.table-scroll');
    expect(box?.getAttribute('tabindex')).toBe('0');
    expect(box?.hasAttribute('role')).toBe(false);
    expect(box?.hasAttribute('aria-label')).toBe(false);
  });

  it('still finishes the elements inside a table (images, links)', async () => {
    const root = dom(await html('| a | b |\n|---|---|\n| ![i](/i.png) | [x](https://x.example) |'));
    expect(root.querySelectorAll('.table-scroll')).toHaveLength(1);
    expect(root.querySelector('td img')?.getAttribute('loading')).toBe('lazy');
    expect(root.querySelector('td a')?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('renders a task list with disabled checkboxes that keep their state', async () => {
    const root = dom(await html('- [x] written\n- [ ] published'));
    expect(root.querySelector('ul')?.classList.contains('contains-task-list')).toBe(true);
    const boxes = [...root.querySelectorAll('li.task-list-item input')];
    expect(boxes).toHaveLength(2);
    expect(boxes.map((b) => b.getAttribute('type'))).toEqual(['checkbox', 'checkbox']);
    expect(boxes.map((b) => b.hasAttribute('disabled'))).toEqual([true, true]);
    expect(boxes.map((b) => b.hasAttribute('checked'))).toEqual([true, false]);
    // No <label> wraps them: each is named by its task's text (axe's "label" rule).
    expect(boxes.map((b) => b.getAttribute('aria-label'))).toEqual(['written', 'published']);
  });

  it('names a task by its own words, not by its sub-tasks', async () => {
    const root = dom(await html('- [ ] ship **it**\n  - [x] test it\n\n* [x] loose\n\n* [ ] two'));
    const names = [...root.querySelectorAll('input')].map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual(['ship it', 'test it', 'loose', 'two']);
  });

  it('renders strikethrough, autolinks and footnotes whose links resolve', async () => {
    const root = dom(await html('~~old~~ see www.example.org for more[^n].\n\n[^n]: A note.'));
    expect(root.querySelector('del')?.textContent).toBe('old');
    expect(root.querySelector('a[href="http://www.example.org"]')).not.toBeNull();
    const ref = root.querySelector('a[data-footnote-ref]');
    const target = ref?.getAttribute('href')?.slice(1) ?? '';
    expect(target).not.toBe('');
    expect(root.querySelector(`[id="${target}"]`)?.textContent).toContain('A note.');
    const back = root.querySelector('a[data-footnote-backref]')?.getAttribute('href')?.slice(1);
    expect(root.querySelector(`[id="${back}"]`)).toBe(ref);
  });
});

describe('renderArticle: code', () => {
  it('highlights a known language with Prism token classes and no style attribute', async () => {
    const out = await html('```ts\nconst answer: number = 42;\n```');
    const root = dom(out);
    const code = root.querySelector('pre > code');
    expect(code?.classList.contains('language-ts')).toBe(true);
    expect(root.querySelector('pre')?.classList.contains('language-ts')).toBe(true);
    expect(root.querySelector('.token.keyword')?.textContent).toBe('const');
    expect(root.querySelector('.token.number')?.textContent).toBe('42');
    expect(code?.textContent).toBe('const answer: number = 42;\n');
    expect(root.querySelector('pre')?.getAttribute('tabindex')).toBe('0');
    expect(out).not.toMatch(/style=/u);
  });

  it('keeps an unknown language as plain text instead of failing', async () => {
    const root = dom(await html('```nosuchlang\n<b>not markup</b>\n```'));
    expect(root.querySelector('code')?.classList.contains('language-nosuchlang')).toBe(true);
    expect(root.querySelector('code')?.textContent).toBe('<b>not markup</b>\n');
    expect(root.querySelector('b')).toBeNull();
  });

  it('renders inline code literally', async () => {
    const root = dom(await html('Use `<script>` tags.'));
    expect(root.querySelector('p > code')?.textContent).toBe('<script>');
    expect(root.querySelector('script')).toBeNull();
  });
});

describe('renderArticle: math', () => {
  it('turns inline and display math into MathML without inline styles', async () => {
    const out = await html('Inline $E=mc^2$.\n\n$$\n\\frac{a}{b}\n$$');
    const root = dom(out);
    const maths = root.querySelectorAll('math');
    expect(maths).toHaveLength(2);
    expect(maths[0]?.getAttribute('display')).toBeNull();
    expect(maths[1]?.getAttribute('display')).toBe('block');
    expect(root.querySelector('mfrac')).not.toBeNull();
    expect(out).not.toContain('katex-html');
    expect(out).not.toMatch(/style=/u);
  });

  it('keeps the TeX source out of the search index (Pagefind ignores the annotation)', async () => {
    const root = dom(await html('Inline $e^{i\\pi}$ here.'));
    const annotation = root.querySelector('annotation');
    expect(annotation?.textContent).toBe('e^{i\\pi}');
    expect(annotation?.getAttribute('data-pagefind-ignore')).toBe('');
  });

  it('renders invalid TeX without throwing and without a style attribute', async () => {
    const out = await html('Broken $\\frac{$ math and $\\undefinedcommand{x}$.');
    expect(out).toContain('Broken');
    expect(out).not.toMatch(/style=/u);
  });
});

describe('renderArticle: headings and table of contents', () => {
  it('gives headings slug ids, links them to themselves and lists h2/h3 in the TOC', async () => {
    const result = await renderArticle(
      '# Title\n\n## Getting started\n\ntext\n\n### Install it\n\n#### Deep\n\n## 常见问题\n\n## Getting started',
      { origin: ORIGIN },
    );
    const root = dom(result.html);
    expect(result.toc).toEqual([
      { depth: 2, id: 'getting-started', text: 'Getting started' },
      { depth: 3, id: 'install-it', text: 'Install it' },
      { depth: 2, id: '常见问题', text: '常见问题' },
      { depth: 2, id: 'getting-started-1', text: 'Getting started' },
    ]);
    for (const entry of result.toc) {
      const heading = root.querySelector(`[id="${entry.id}"]`);
      expect(heading?.tagName).toBe(`H${entry.depth}`);
      const anchor = heading?.querySelector('a');
      expect(anchor?.getAttribute('href')).toBe(`#${entry.id}`);
      // The link has the heading's text as its accessible name (no empty link).
      expect(anchor?.textContent).toBe(entry.text);
    }
    expect(root.querySelector('h4')?.id).toBe('deep');
  });

  it('keeps headings off the ids the page around the article uses', async () => {
    const result = await renderArticle('## Main\n\n## Comments\n\n## Main 1', { origin: ORIGIN });
    expect(result.toc.map((entry) => entry.id)).toEqual(['main-2', 'comments-1', 'main-1']);
    const root = dom(result.html);
    expect(root.querySelector('#main, #comments')).toBeNull();
    expect(root.querySelector('h2#main-2 a')?.getAttribute('href')).toBe('#main-2');
  });

  it('does not nest a link inside a heading that already has one, nor list footnotes', async () => {
    const result = await renderArticle('## See [docs](https://docs.example)\n\nx[^a]\n\n[^a]: n', {
      origin: ORIGIN,
    });
    const root = dom(result.html);
    expect(root.querySelectorAll('h2#see-docs a')).toHaveLength(1);
    expect(result.toc).toEqual([{ depth: 2, id: 'see-docs', text: 'See docs' }]);
  });
});

describe('renderArticle: images and links', () => {
  it('loads images lazily and decodes them asynchronously', async () => {
    const img = dom(await html('![A cat](https://img.example/cat.png "Cat")')).querySelector('img');
    expect(img?.getAttribute('src')).toBe('https://img.example/cat.png');
    expect(img?.getAttribute('alt')).toBe('A cat');
    expect(img?.getAttribute('loading')).toBe('lazy');
    expect(img?.getAttribute('decoding')).toBe('async');
  });

  it('adds rel="noopener noreferrer" only to links to other origins', async () => {
    const root = dom(
      await html(
        '[a](https://other.example/x) [b](//cdn.example/y) [c](/blog/1) [d](https://site.example/blog) [e](#top) [f](mailto:me@site.example)',
      ),
    );
    const rel = (text: string) =>
      [...root.querySelectorAll('a')].find((a) => a.textContent === text)?.getAttribute('rel');
    expect(rel('a')).toBe('noopener noreferrer');
    expect(rel('b')).toBe('noopener noreferrer');
    expect(rel('c')).toBeNull();
    expect(rel('d')).toBeNull();
    expect(rel('e')).toBeNull();
    expect(rel('f')).toBeNull();
  });
});

describe('renderArticle: untrusted input', () => {
  const payloads: readonly [string, string][] = [
    ['a script element', '<script>alert(1)</script>\n\nafter'],
    ['an inline script', 'text <script>alert(1)</script> after'],
    ['an onerror handler', '<img src="x" onerror="alert(1)">\n\nafter'],
    ['an inline onerror handler', 'text <img src=x onerror=alert(1)> after'],
    ['an iframe', '<iframe src="https://evil.example"></iframe>\n\nafter'],
    ['a style element', '<style>body{display:none}</style>\n\nafter'],
    ['an svg with onload', '<svg onload="alert(1)"></svg>\n\nafter'],
  ];

  it.each(payloads)('drops %s', async (_name, markdown) => {
    const out = await html(markdown);
    const root = dom(out);
    expect(root.querySelector('script, iframe, style, svg')).toBeNull();
    expect(root.querySelector('img')).toBeNull();
    expect(out).not.toMatch(/onerror|onload|<script|<iframe|<style/iu);
    for (const element of root.querySelectorAll('*')) {
      expect(element.getAttributeNames().filter((name) => name.startsWith('on'))).toEqual([]);
    }
    expect(root.textContent).toContain('after');
  });

  it('drops javascript:, vbscript: and data: link targets but keeps the text', async () => {
    const out = await html(
      '[one](javascript:alert(1)) [two](JaVaScRiPt:alert(1)) [three](vbscript:x) [four](data:text/html;base64,PHNjcmlwdD4=) <javascript:alert(1)>',
    );
    const root = dom(out);
    for (const a of root.querySelectorAll('a')) expect(a.getAttribute('href')).toBeNull();
    expect(out.toLowerCase()).not.toContain('href="javascript');
    expect(root.textContent).toContain('one two three four');
  });

  it('drops javascript: image sources and reference-style links', async () => {
    const out = await html('![x](javascript:alert(1))\n\n[ref][r]\n\n[r]: javascript:alert(1)');
    const root = dom(out);
    expect(root.querySelector('img')?.getAttribute('src') ?? null).toBeNull();
    expect(root.querySelector('a')?.getAttribute('href') ?? null).toBeNull();
  });

  it('does not let TeX inject links or HTML', async () => {
    const root = dom(await html('$\\href{javascript:alert(1)}{x}$ $\\htmlClass{evil}{x}$'));
    expect(root.querySelector('math')).not.toBeNull();
    expect(root.querySelector('[href], .evil, a')).toBeNull();
  });
});

describe('reading time', () => {
  it('reads Chinese at about 300 characters a minute', async () => {
    expect(readingMinutesOf('字'.repeat(300))).toBe(1);
    expect(readingMinutesOf('字'.repeat(301))).toBe(2);
    expect((await renderArticle('中文。'.repeat(400), { origin: ORIGIN })).readingMinutes).toBe(3);
  });

  it('reads English at about 200 words a minute', async () => {
    expect(readingMinutesOf('word '.repeat(200))).toBe(1);
    expect(readingMinutesOf('word '.repeat(201))).toBe(2);
    expect((await renderArticle('word '.repeat(1000), { origin: ORIGIN })).readingMinutes).toBe(5);
  });

  it('adds mixed Chinese and English, ignores punctuation, and is at least a minute', async () => {
    // 600 characters (2 min) + 400 words (2 min)
    expect(readingMinutesOf(`${'汉字'.repeat(300)} ${'Atrium '.repeat(400)} — …`)).toBe(4);
    expect(readingMinutesOf('')).toBe(1);
    expect((await renderArticle('', { origin: ORIGIN })).readingMinutes).toBe(1);
    expect(readingMinutesOf('——— !!! ...')).toBe(1);
  });

  it('does not count the markup of the source', async () => {
    const plain = await renderArticle('word '.repeat(199), { origin: ORIGIN });
    const marked = await renderArticle(`**${'word '.repeat(199).trim()}** [](https://x.example)`, {
      origin: ORIGIN,
    });
    expect(plain.readingMinutes).toBe(1);
    expect(marked.readingMinutes).toBe(1);
  });
});
