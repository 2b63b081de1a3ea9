/**
 * The query as the static index is asked for it. The pages are indexed as Chinese (zh-CN, split
 * into words), and Pagefind splits a Chinese query into words the same way only when the page it
 * runs on is in Chinese: with the interface in English (`<html lang="en">`) 量子咖啡 stays one
 * term, so only 量子 is found and marked. Each run of CJK text is split here as Pagefind would
 * split it for zh-CN, whatever the interface language.
 */

const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;

let segmenter: Intl.Segmenter | undefined;

function wordsOf(run: string): string[] {
  segmenter ??= new Intl.Segmenter('zh-CN', { granularity: 'word' });
  return Array.from(segmenter.segment(run), (s) => s.segment);
}

/** `量子咖啡` → `量子 咖啡`; other text as typed (trimmed). */
export function pagefindQuery(term: string): string {
  return term.trim().replace(CJK_RUN, (run) => wordsOf(run).join(' '));
}
