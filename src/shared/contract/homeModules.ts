/** `/api/system/home/…`: the home-page module lists (the tenant default and each user's own). */
import { Type, type Static } from 'typebox';
import { Closed, DataEnvelope, Str } from './common.js';

/** A save: the modules in display order (`name` is accepted and ignored; the catalogue names them). */
export const ModulesBody = Type.Array(Closed({ id: Str({ min: 1, max: 64 }), name: Type.Optional(Str({ max: 100 })), selected: Type.Boolean() }), { maxItems: 50 });

/** One home-page module and whether it is shown. */
export const HomeModule = Type.Object({ id: Type.String(), name: Type.String(), selected: Type.Boolean() });
export type HomeModule = Static<typeof HomeModule>;

export const HomeModules = DataEnvelope(Type.Array(HomeModule));
