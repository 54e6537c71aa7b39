/** Approval flows (issue 18): definitions, tasks and instances under /api/flowable (docs/api-flows.md). */
import type { ContractPlugin } from '../../http/typeProvider.js';
import { flowDefinitionRoutes } from './definitionRoutes.js';
import { flowTaskRoutes } from './taskRoutes.js';

export const flowRoutes: ContractPlugin = async (app) => {
  await app.register(flowDefinitionRoutes);
  await app.register(flowTaskRoutes);
};
