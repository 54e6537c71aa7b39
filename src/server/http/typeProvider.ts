/**
 * The type provider of the routes (ADR 0901): request types are the `Static<>` of the contract's
 * TypeBox schemas, as with @fastify/type-provider-typebox, and a handler's answer is checked
 * against its response schema, except that a `Date` may stand where the contract says string:
 * the serialiser writes it as an ISO string, as JSON.stringify did before (repositories keep their
 * `Date`s, which the xlsx exports need as dates). Validation itself stays with our Ajv compiler
 * (validatorCompiler.ts), whose errors become the Chinese field messages.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyTypeProvider } from 'fastify';
import type { Static, TSchema } from 'typebox';

/** What the serialiser accepts for a contract type T. */
export type Serialisable<T> = T extends string
  ? T | Date
  : T extends readonly (infer E)[]
    ? Serialisable<E>[]
    : T extends object
      ? { [K in keyof T]: Serialisable<T[K]> }
      : T;

/** TypeBox types in, contract answers (with `Date`s allowed) out. */
export interface ContractTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
  serializer: this['schema'] extends TSchema ? Serialisable<Static<this['schema']>> : unknown;
}

/** A route plugin typed by the contract. */
export type ContractPlugin = FastifyPluginAsync<Record<never, never>, FastifyInstance['server'], ContractTypeProvider>;
