/**
 * The visual print designer's templates (issue 30 item 3, ADR 1054): a layout template keeps its
 * layout as JSON beside the HTML templates' body (empty for it). Null for an HTML template.
 */
import { sql } from 'kysely';
import type { Migration } from './types.js';

export const m203PrintLayouts: Migration = {
  id: 203,
  name: 'print_layouts',
  async up(db) {
    await sql`ALTER TABLE print_templates ADD COLUMN IF NOT EXISTS layout jsonb`.execute(db);
  },
};
