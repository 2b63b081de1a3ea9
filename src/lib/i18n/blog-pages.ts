/** Messages of the prebuilt blog pages (lists, article page, feeds links); merged into messages.ts. Both tables have the same keys. */

export const zhCN = {} as const;

export const en: Readonly<Record<keyof typeof zhCN, string>> = {};
