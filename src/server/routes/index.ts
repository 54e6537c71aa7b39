/**
 * Every route plugin, registered under /api in this order. A plain list: the records engine
 * appends its plugins (auto, flowable, queries, common) at the end.
 */
import type { FastifyPluginAsync } from 'fastify';

export const routePlugins: FastifyPluginAsync[] = [];
