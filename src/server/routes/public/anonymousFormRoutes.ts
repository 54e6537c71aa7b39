import type { ContractPlugin } from '../../http/typeProvider.js';
export const anonymousFormRoutes: ContractPlugin = async () => {};
