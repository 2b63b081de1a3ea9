import { expect, test } from 'vitest';
import {
  altText,
  imageMarkdown,
  imageProblem,
  insertAt,
  insertBlock,
  replacePlaceholder,
  uploadPlaceholder,
} from './markdown-insert.ts';

test('insertAt replaces the selection and puts the cursor after the text', () => {
  expect(insertAt('hello world', 6, 11, 'there')).toEqual({ value: 'hello there', cursor: 11 });
  expect(insertAt('ab', 1, 1, 'X')).toEqual({ value: 'aXb', cursor: 2 });
  // A backwards selection and positions out of range are tolerated.
  expect(insertAt('abc', 3, 1, '-')).toEqual({ value: 'a-', cursor: 2 });
  expect(insertAt('abc', 99, 99, '!')).toEqual({ value: 'abc!', cursor: 4 });
  expect(insertAt('abc', -5, Number.NaN, '>')).toEqual({ value: '>', cursor: 1 });
});

test('insertBlock puts the block on a line of its own, adding only the line breaks needed', () => {
  const img = '![x](u)';
  expect(insertBlock('', 0, 0, img)).toEqual({ value: img, cursor: img.length });
  expect(insertBlock('before after', 6, 7, img)).toEqual({
    value: `before\n${img}\nafter`,
    cursor: 7 + img.length,
  });
  expect(insertBlock('line one\nline two', 9, 9, img)).toEqual({
    value: `line one\n${img}\nline two`,
    cursor: 9 + img.length,
  });
  expect(insertBlock('end\n', 4, 4, img)).toEqual({ value: `end\n${img}`, cursor: 4 + img.length });
  expect(insertBlock('text', 4, 4, img)).toEqual({
    value: `text\n${img}`,
    cursor: 5 + img.length,
  });
});

test('altText: the file name without its extension, brackets escaped', () => {
  expect(altText('diagram.png')).toBe('diagram');
  expect(altText('my photo.final.JPEG')).toBe('my photo.final');
  expect(altText('[draft] shot.webp')).toBe('\\[draft\\] shot');
  expect(altText('.png')).toBe('image');
  expect(altText('image')).toBe('image');
  expect(altText('a\tb\nc.gif')).toBe('a b c');
});

test('imageMarkdown: ![name](url); awkward URLs go in angle brackets', () => {
  expect(imageMarkdown('cat.png', '/uploads/article/abc.webp')).toBe(
    '![cat](/uploads/article/abc.webp)',
  );
  expect(imageMarkdown('cat.png', 'https://img.example/a b(1).webp')).toBe(
    '![cat](<https://img.example/a b(1).webp>)',
  );
});

test('a placeholder holds the place while uploading; each upload has its own', () => {
  const a = uploadPlaceholder('cat.png', 1);
  const b = uploadPlaceholder('cat.png', 2);
  expect(a).not.toBe(b);
  const text = `intro\n${a}\nmiddle\n${b}\nend`;
  const done = replacePlaceholder(text, b, '![cat](/b.webp)');
  expect(done).toBe(`intro\n${a}\nmiddle\n![cat](/b.webp)\nend`);
  expect(replacePlaceholder(done, a, '![cat](/a.webp)')).toBe(
    'intro\n![cat](/a.webp)\nmiddle\n![cat](/b.webp)\nend',
  );
});

test('a deleted placeholder: the image is appended on its own line; a failed one just vanishes', () => {
  const gone = uploadPlaceholder('cat.png', 3);
  expect(replacePlaceholder('all rewritten', gone, '![cat](/c.webp)')).toBe(
    'all rewritten\n![cat](/c.webp)',
  );
  expect(replacePlaceholder('all rewritten', gone, '')).toBe('all rewritten');
  expect(replacePlaceholder(`a ${gone} b`, gone, '')).toBe('a  b');
});

test('imageProblem: only PNG, JPEG, WebP and GIF up to 10 MB', () => {
  const file = (type: string, size: number) => new Blob([new Uint8Array(size)], { type });
  expect(imageProblem(file('image/png', 10))).toBeNull();
  expect(imageProblem(file('image/gif', 10 * 1024 * 1024))).toBeNull();
  expect(imageProblem(file('image/jpeg', 10 * 1024 * 1024 + 1))).toBe('size');
  expect(imageProblem(file('image/svg+xml', 10))).toBe('type');
  expect(imageProblem(file('application/pdf', 10))).toBe('type');
});
