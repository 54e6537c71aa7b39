/** `/api/print/…`: print templates (administrators) and printing records (docs/api-print.md). */
import type { ContractPlugin } from '../../http/typeProvider.js';
import { printTemplateRoutes } from './templateRoutes.js';
import { printRoutes as printRecordRoutes } from './printRoutes.js';

/** Registers every print call. */
export const printRoutes: ContractPlugin = async (app) => {
  await app.register(printTemplateRoutes);
  await app.register(printRecordRoutes);
};
