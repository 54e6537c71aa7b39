/** The foundation's route plugins, registered under /api before the records engine's. */
import type { FastifyPluginAsync } from 'fastify';
import { sessionRoutes } from './session/index.js';

export const systemRoutePlugins: FastifyPluginAsync[] = [sessionRoutes];
