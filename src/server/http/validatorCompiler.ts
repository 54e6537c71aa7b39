/**
 * Request validation: query strings and path parameters are coerced from text (they can only be
 * text), bodies are not — a JSON value of the wrong type is a 400 (CONTRACT.md §2).
 */
import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';

const shared = { allowUnionTypes: true, removeAdditional: false, allErrors: false, useDefaults: true } as const;

/** The `schemaController` option of Fastify with the two validators. */
export function schemaController(): NonNullable<FastifyServerOptions['schemaController']> {
  const factory = AjvCompiler();
  return {
    compilersFactory: {
      buildValidator(externalSchemas: any, ajvServerOptions: any) {
        const coercing = factory(externalSchemas, { ...ajvServerOptions, customOptions: { ...shared, coerceTypes: 'array' } });
        const strict = factory(externalSchemas, { ...ajvServerOptions, customOptions: { ...shared, coerceTypes: false } });
        return (route: any) => (route.httpPart === 'body' ? strict(route) : coercing(route));
      },
    },
  } as any;
}
