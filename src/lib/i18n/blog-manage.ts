/** Messages of the blog manage pages (articles, categories, tags, contact inbox, rebuild status); merged into messages.ts. Both tables have the same keys. */

export const zhCN = {} as const;

export const en: Readonly<Record<keyof typeof zhCN, string>> = {};
