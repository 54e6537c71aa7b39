/**
 * Request validation: query strings and path parameters are coerced from text (they can only be
 * text), bodies are not — a JSON value of the wrong type is a 400 (CONTRACT.md §2).
 */
import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';

const shared = { allowUnionTypes: true, removeAdditional: false, allErrors: false, useDefaults: true } as const;

type SchemaController = NonNullable<FastifyServerOptions['schemaController']>;
type ValidatorFactory = NonNullable<NonNullable<SchemaController['compilersFactory']>['buildValidator']>;
/**
 * What the ajv-compiler factory answers at run time: a compiler Fastify calls with one route part
 * (`{schema, method, url, httpPart}`); its declared type says a schema, hence the casts below.
 */
type RouteCompiler = (route: { schema: unknown; method: string; url: string; httpPart?: string }) => unknown;

/** The `schemaController` option of Fastify with the two validators. */
export function schemaController(): SchemaController {
  const factory = AjvCompiler();
  type FactoryOptions = Parameters<typeof factory>[1];
  const buildValidator = (externalSchemas: Parameters<typeof factory>[0], ajvServerOptions: Record<string, unknown>): RouteCompiler => {
    const coercing = factory(externalSchemas, { ...ajvServerOptions, customOptions: { ...shared, coerceTypes: 'array' } } as FactoryOptions) as unknown as RouteCompiler;
    const strict = factory(externalSchemas, { ...ajvServerOptions, customOptions: { ...shared, coerceTypes: false } } as FactoryOptions) as unknown as RouteCompiler;
    return (route) => (route.httpPart === 'body' ? strict(route) : coercing(route));
  };
  return { compilersFactory: { buildValidator: buildValidator as unknown as ValidatorFactory } };
}
