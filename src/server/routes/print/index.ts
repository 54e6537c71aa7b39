/** `/api/print/…`: print templates (administrators) and printing records (docs/api-print.md). */
import type { FastifyPluginAsync } from 'fastify';
import { printTemplateRoutes } from './templateRoutes.js';
import { printRoutes as printRecordRoutes } from './printRoutes.js';

/** Registers every print call. */
export const printRoutes: FastifyPluginAsync = async (app) => {
  await app.register(printTemplateRoutes);
  await app.register(printRecordRoutes);
};
