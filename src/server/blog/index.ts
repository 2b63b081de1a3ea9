/** What other folders may use of the blog domain. */
import type { Hub } from '../ws/hub.ts';
import { BLOG_TOPIC, type BlogChange } from './article.service.ts';

export { blogRoutes } from './blog.routes.ts';
export { BLOG_TOPIC, uuidV7, type BlogChange } from './article.service.ts';
export { articleExists, visible as visibleArticle } from './article.repo.ts';
export { escapeHtml } from './text.ts';
export type * from './article.schema.ts';
export type * from './taxonomy.schema.ts';
export type { ArticleRow, ArticleStatus } from './blog.table.ts';

/** Calls the listener after every committed change to articles, categories or tags. */
export function onBlogChange(hub: Hub, listener: (change: BlogChange) => void): () => void {
  return hub.subscribe((event) => {
    if (event.topic === BLOG_TOPIC) listener(event.data as BlogChange);
  });
}
export { commentRoutes } from './comment.routes.ts';
export { seedDemoContent } from './demo-content.ts';
export { buildRoutes, type BuildRoutesOptions } from './build.routes.ts';
export { buildSiteFromDb, removeSiteBuildLeftovers } from './site-build.ts';
