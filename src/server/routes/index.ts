/**
 * Every route plugin, registered under /api in this order. A plain list: the records engine
 * appends its plugins (auto, flowable, queries, common) at the end.
 */
import type { FastifyPluginAsync } from 'fastify';
import { commonRoutes } from './common/index.js';
import { autoRoutes } from './auto/index.js';
import { flowableRoutes } from './flowable/index.js';
import { queriesRoutes } from './queries/index.js';
import { jobRoutes } from './jobs/index.js';
import { healthRoutes } from './health/index.js';
import { printRoutes } from './print/index.js';
import { flowRoutes } from './flows/index.js';
import { elephantRoutes } from './flowable/elephantRoutes.js';
import { dashboardRoutes } from './dashboards/index.js';
import { publicDashboardRoutes } from './dashboards/publicDashboardRoutes.js';
import { energyRoutes } from './energy/index.js';
import { officeRoutes } from './office/index.js';

export const routePlugins: FastifyPluginAsync[] = [commonRoutes, autoRoutes, flowableRoutes, queriesRoutes, jobRoutes, healthRoutes, printRoutes, flowRoutes, elephantRoutes, dashboardRoutes, publicDashboardRoutes, energyRoutes, officeRoutes];
