import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/**
 * A POST whose fields are all optional takes a missing body, an empty one and `{}` alike (decision 019): a caller that
 * has nothing to say sends nothing, with or without a JSON content type. Only for bodies whose schema accepts `{}`;
 * a route that needs fields still answers 400 for an empty body.
 */
export const bodyValidatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = validatorCompiler(route);
  const schema = route.schema as Partial<ZodType>;
  if (route.httpPart !== 'body' || typeof schema.safeParse !== 'function' || !schema.safeParse({}).success) return validate;
  return (data) => validate(data === undefined || data === null ? {} : data);
};

/** Fastify's own JSON parser (its prototype-poisoning checks included), but an empty body is no body rather than a 400. */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') {
      done(null, undefined);
      return;
    }
    void json(request, body.toString(), done);
  });
}
