/**
 * The blog domain's plugin (/api/blog): one BlogService per app — its cached lists, its view
 * buffer (flushed every few seconds and on close) — shared by the article, category and tag routes.
 */
import type { FastifyPluginAsync } from 'fastify';
import { articleRoutes } from './article.routes.ts';
import { feedRoutes } from './feed.routes.ts';
import { BlogService } from './article.service.ts';
import { taxonomyRoutes } from './taxonomy.routes.ts';
import { TaxonomyService } from './taxonomy.service.ts';

export const blogRoutes: FastifyPluginAsync = async (app) => {
  const blog = new BlogService(app.ctx, (error) =>
    app.log.error({ err: error }, 'blog views flush failed'),
  );
  blog.views.start();
  app.addHook('onClose', async () => blog.close());
  await app.register(articleRoutes(blog));
  await app.register(taxonomyRoutes('category', new TaxonomyService(blog, 'category')));
  await app.register(taxonomyRoutes('tag', new TaxonomyService(blog, 'tag')));
  await app.register(feedRoutes);
};
