/** The form definitions of fixtures/forms, bundled into the preview by Vite (no server needed). */
import type { FormDefinition } from '../../../schema-adapters/definition/types';

const modules = import.meta.glob('../../../fixtures/forms/*.json', { eager: true, import: 'default' }) as Record<string, FormDefinition>;

/** Fixture name (file name without .json) → definition, sorted by name. */
export const PREVIEW_FIXTURES: { name: string; def: FormDefinition }[] = Object.entries(modules)
  .map(([path, def]) => ({ name: path.replace(/^.*\//, '').replace(/\.json$/, ''), def }))
  .sort((a, b) => a.name.localeCompare(b.name));
