/** The counters of serialNumber fields (serial_counters): one per form, field and period. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/**
 * Takes the next number of a counter (1 for a new period) inside the save's transaction; the
 * row lock of the upsert makes concurrent saves take distinct numbers.
 */
export async function takeSerialNumber(trx: Kysely<Database>, tenantId: number, formId: number, columnId: number, period: string): Promise<number> {
  const r = await sql<{ value: number }>`
    INSERT INTO serial_counters (tenant_id, form_id, column_id, period, value) VALUES (${tenantId}, ${formId}, ${columnId}, ${period}, 1)
    ON CONFLICT (tenant_id, form_id, column_id, period) DO UPDATE SET value = serial_counters.value + 1
    RETURNING value`.execute(trx);
  return Number(r.rows[0].value);
}
