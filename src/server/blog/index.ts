/** What other folders may use of the blog domain (its routes are registered by app.ts). */
export { BlogService } from './article.service.ts';
export { articleExists, visible as visibleArticle } from './article.repo.ts';
export { escapeHtml } from './text.ts';
export type * from './article.schema.ts';
export type * from './taxonomy.schema.ts';
export type { ArticleRow, ArticleStatus } from './blog.table.ts';
export { seedDemoContent } from './demo-content.ts';
export { exportBlogSnapshot } from './snapshot.ts';
export { findNextScheduledTime } from './article.repo.ts';
