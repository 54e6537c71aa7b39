/** The approval builder's model and its BPMN compiler (ADR 1047), shared by client and server. */
export * from './builderModel.js';
export { compileCondition, compileConditions, parseConditions } from './builderConditions.js';
export { compileFlow, type CompiledFlow, type CompiledNodeFields } from './compileFlow.js';
export { parseFlow, type ParsedFlow } from './parseFlow.js';
export { modelProblems, MAX_LEADER_LEVEL } from './modelProblems.js';
export * from './nodeDeadline.js';
