/** `/api/auto/…`: the records calls of spec 01 §7. */
import type { ContractPlugin } from '../../http/typeProvider.js';
import { autoListRoutes } from './listRoutes.js';
import { autoRecordRoutes } from './recordRoutes.js';
import { autoHideRoutes } from './hideRoutes.js';
import { autoIoRoutes } from './ioRoutes.js';
import { autoBatchRoutes } from './batchRoutes.js';
import { autoButtonRoutes } from './buttonRoutes.js';

/** Registers every `/api/auto` call. */
export const autoRoutes: ContractPlugin = async (app) => {
  await app.register(autoListRoutes);
  await app.register(autoRecordRoutes);
  await app.register(autoHideRoutes);
  await app.register(autoIoRoutes);
  await app.register(autoBatchRoutes);
  await app.register(autoButtonRoutes);
};
