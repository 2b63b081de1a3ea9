/** The OpenAPI 3.1 document generated from the route schemas, and a browsable reference. */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';

export const openapiPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      // Named schemas ($id) become components under their own name.
      refResolver: {
        buildLocalReference: (json, _baseUri, _fragment, i) =>
          typeof json['$id'] === 'string' ? json['$id'] : `schema${i}`,
      },
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Atrium API',
          version: '1.0.0',
          description:
            'Every JSON answer is `{code, message, data}`; `code` 1 is success, 0 a refused business rule, negative codes are errors (design.md §3).',
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
        },
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
