/**
 * Plural forms in messages, written in ICU MessageFormat's plural syntax (the subset the messages
 * need): `{count, plural, =0 {none} one {# view} other {# views}}`. The form is chosen by the
 * language's rules (`Intl.PluralRules`: English has one/other, Chinese only other); `#` is the
 * number. Other `{name}` placeholders, inside a form or not, are left for `format` to fill.
 */

const rules = new Map<string, Intl.PluralRules>();

function pluralRules(locale: string): Intl.PluralRules {
  let found = rules.get(locale);
  if (!found) {
    found = new Intl.PluralRules(locale);
    rules.set(locale, found);
  }
  return found;
}

const PLURAL_START = /\{(\w+),\s*plural,/g;

/** The index just past the `}` that closes the `{` before `from` (nested braces counted). */
function closingBrace(text: string, from: number): number {
  let depth = 1;
  for (let i = from; i < text.length; i += 1) {
    if (text[i] === '{') depth += 1;
    else if (text[i] === '}' && --depth === 0) return i + 1;
  }
  return -1;
}

/** `one {…} other {…}` → { one: '…', other: '…' }; null when malformed. */
function parseForms(body: string): Map<string, string> | null {
  const forms = new Map<string, string>();
  const selector = /\s*(=\d+(?:\.\d+)?|zero|one|two|few|many|other)\s*\{/y;
  let at = 0;
  while (at < body.length) {
    if (body.slice(at).trim() === '') break;
    selector.lastIndex = at;
    const found = selector.exec(body);
    if (!found?.[1]) return null;
    const end = closingBrace(body, selector.lastIndex);
    if (end < 0) return null;
    forms.set(found[1], body.slice(selector.lastIndex, end - 1));
    at = end;
  }
  return forms.has('other') ? forms : null;
}

function numberOf(value: string | number | undefined): number | null {
  if (value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** Replaces each plural block whose value is a number by the form the locale's rules choose. */
export function formatPlurals(
  template: string,
  vars: Readonly<Record<string, string | number>>,
  locale: string,
): string {
  const starts = new RegExp(PLURAL_START);
  let out = '';
  let at = 0;
  for (let start = starts.exec(template); start; start = starts.exec(template)) {
    const end = closingBrace(template, starts.lastIndex);
    if (end < 0) break;
    const n = numberOf(vars[start[1] ?? '']);
    const forms = parseForms(template.slice(starts.lastIndex, end - 1));
    if (n !== null && forms) {
      const form =
        forms.get(`=${n}`) ?? forms.get(pluralRules(locale).select(n)) ?? forms.get('other') ?? '';
      out += template.slice(at, start.index) + form.replaceAll('#', String(n));
      at = end;
    }
    starts.lastIndex = end;
  }
  return out + template.slice(at);
}
