/** Approval flows (issue 18): definitions, tasks and instances under /api/flowable (docs/api-flows.md). */
import type { FastifyPluginAsync } from 'fastify';
import { flowDefinitionRoutes } from './definitionRoutes.js';
import { flowTaskRoutes } from './taskRoutes.js';

export const flowRoutes: FastifyPluginAsync = async (app) => {
  await app.register(flowDefinitionRoutes);
  await app.register(flowTaskRoutes);
};
