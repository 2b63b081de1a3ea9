/** Messages of the blog reader islands (comments, share, search, contact); merged into messages.ts. Both tables have the same keys. */

export const zhCN = {} as const;

export const en: Readonly<Record<keyof typeof zhCN, string>> = {};
