/** The two ways articles are grouped: one category each, any number of tags. */
export const TERM_KINDS = ['category', 'tag'] as const;

export type TermKind = (typeof TERM_KINDS)[number];
