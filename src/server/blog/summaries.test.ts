import { afterEach, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { DIALECTS } from '../../../tests/helpers/test-db.ts';
import { seedDemoContent } from './demo-content.ts';
import { exportBlogSnapshot } from './snapshot.ts';

let t: TestApp;
afterEach(() => t.close());

/** What Markdown leaves behind when it is not read as a document. */
const MARKDOWN_RESIDUE = /\||\$|\[[ x]\]|```|\]\(|!\[|\\[a-z]|^#|\*\*/i;

interface Summary {
  id: string;
  title: string;
  summary: string;
}

describe.each(DIALECTS)('derived summaries on %s', (dialect) => {
  test('the list, the search and the page build show the same plain-text summary', async () => {
    t = await createTestApp(dialect);
    const db = t.testDb.db.kysely;
    await seedDemoContent(db);
    const get = async (url: string) => (await t.app.inject({ method: 'GET', url })).json();

    const list = (await get('/api/blog/article?pageSize=10')).data.records as Summary[];
    expect(list).toHaveLength(4);
    for (const { title, summary } of list) {
      expect(summary, title).not.toMatch(MARKDOWN_RESIDUE);
      expect(summary, title).not.toBe('');
    }
    const tour = list.find((a) => a.title === 'A tour of Markdown in Atrium');
    expect(tour?.summary).toBe(
      "Articles are written in Markdown with GitHub's extensions. Code Tables and task lists Write the first article Publish it Math Inline math such as, and blocks:",
    );

    const snapshot = await exportBlogSnapshot(db, new Date());
    const built = new Map(snapshot.articles.map((a) => [a.id, a.summary]));
    for (const a of list) expect(built.get(a.id), a.title).toBe(a.summary);

    const hits = (await get(`/api/blog/article/search?term=${encodeURIComponent('Inline math')}`))
      .data.records as (Summary & { highlights: { snippet: string } })[];
    expect(hits.map((h) => h.id)).toEqual([tour?.id]);
    expect(hits[0]?.summary).toBe(tour?.summary);
    // The snippet is read from the same document: no math source either.
    expect(hits[0]?.highlights.snippet).toContain('<mark>Inline math</mark> such as, and blocks:');
    expect(hits[0]?.highlights.snippet).not.toMatch(MARKDOWN_RESIDUE);
  });
});
