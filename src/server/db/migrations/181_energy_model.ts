/**
 * Issue 33 item 3: the energy module's model (src/server/energy, ADR 1043), after MyEMS:
 * enterprises, a location tree, equipment, metering points (meters; `parent_id` is the metering
 * network: a sub-meter under the meter it is behind), energy kinds with their unit and coal
 * equivalent, time-of-use tariffs with 尖/峰/平/谷 periods on whole hours, carbon factors per kind
 * and year, monthly plans and quotas per enterprise and kind, and alarms. Every table is the
 * tenant's (`tenant_id`); readings and rollups are migration 182.
 */
import { sql } from 'kysely';
import type { Migration } from './types.js';

export const m181EnergyModel: Migration = {
  id: 181,
  name: 'energy_model',
  async up(db) {
    await sql`
      CREATE TABLE energy_enterprises (
        id serial PRIMARY KEY,
        tenant_id int NOT NULL REFERENCES tenants(id),
        name text NOT NULL,
        code text NOT NULL DEFAULT '',
        industry text NOT NULL DEFAULT '',
        address text NOT NULL DEFAULT '',
        area_m2 numeric NOT NULL DEFAULT 0,
        description text NOT NULL DEFAULT '',
        create_time timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX energy_enterprises_tenant ON energy_enterprises (tenant_id, id);
      CREATE TABLE energy_locations (
        id serial PRIMARY KEY,
        tenant_id int NOT NULL REFERENCES tenants(id),
        enterprise_id int NOT NULL REFERENCES energy_enterprises(id) ON DELETE CASCADE,
        parent_id int REFERENCES energy_locations(id) ON DELETE CASCADE,
        name text NOT NULL,
        location_type text NOT NULL DEFAULT ''
      );
      CREATE INDEX energy_locations_tenant ON energy_locations (tenant_id, enterprise_id);
      CREATE TABLE energy_kinds (
        id serial PRIMARY KEY,
        tenant_id int NOT NULL REFERENCES tenants(id),
        code text NOT NULL,
        name text NOT NULL,
        unit text NOT NULL,
        coal_factor numeric NOT NULL DEFAULT 0,
        UNIQUE (tenant_id, code)
      );
      CREATE TABLE energy_equipment (
        id serial PRIMARY KEY,
        tenant_id int NOT NULL REFERENCES tenants(id),
        enterprise_id int NOT NULL REFERENCES energy_enterprises(id) ON DELETE CASCADE,
        location_id int REFERENCES energy_locations(id) ON DELETE SET NULL,
        name text NOT NULL,
        code text NOT NULL DEFAULT '',
        equipment_type text NOT NULL DEFAULT '',
        rated_power_kw numeric NOT NULL DEFAULT 0
      );
      CREATE INDEX energy_equipment_tenant ON energy_equipment (tenant_id, enterprise_id);
      CREATE TABLE energy_meters (
        id serial PRIMARY KEY,
        tenant_id int NOT NULL REFERENCES tenants(id),
        enterprise_id int NOT NULL REFERENCES energy_enterprises(id) ON DELETE CASCADE,
        location_id int REFERENCES energy_locations(id) ON DELETE SET NULL,
        equipment_id int REFERENCES energy_equipment(id) ON DELETE SET NULL,
        parent_id int REFERENCES energy_meters(id) ON DELETE SET NULL,
        kind_id int NOT NULL REFERENCES energy_kinds(id),
        code text NOT NULL,
        name text NOT NULL,
        last_ts timestamptz,
        last_value numeric,
        UNIQUE (tenant_id, code)
      );
      CREATE INDEX energy_meters_tenant ON energy_meters (tenant_id, enterprise_id);
      CREATE TABLE energy_tariffs (
        id serial PRIMARY KEY,
        tenant_id int NOT NULL REFERENCES tenants(id),
        kind_id int NOT NULL REFERENCES energy_kinds(id),
        name text NOT NULL,
        valid_from date NOT NULL
      );
      CREATE INDEX energy_tariffs_tenant ON energy_tariffs (tenant_id, kind_id, valid_from);
      CREATE TABLE energy_tariff_periods (
        id serial PRIMARY KEY,
        tenant_id int NOT NULL REFERENCES tenants(id),
        tariff_id int NOT NULL REFERENCES energy_tariffs(id) ON DELETE CASCADE,
        period text NOT NULL CHECK (period IN ('sharp', 'peak', 'flat', 'valley')),
        start_hour int NOT NULL CHECK (start_hour BETWEEN 0 AND 23),
        end_hour int NOT NULL CHECK (end_hour BETWEEN 1 AND 24 AND end_hour > start_hour),
        price numeric NOT NULL
      );
      CREATE INDEX energy_tariff_periods_tariff ON energy_tariff_periods (tenant_id, tariff_id);
      CREATE TABLE energy_carbon_factors (
        id serial PRIMARY KEY,
        tenant_id int NOT NULL REFERENCES tenants(id),
        kind_id int NOT NULL REFERENCES energy_kinds(id),
        year int NOT NULL,
        factor numeric NOT NULL,
        UNIQUE (tenant_id, kind_id, year)
      );
      CREATE TABLE energy_plans (
        id serial PRIMARY KEY,
        tenant_id int NOT NULL REFERENCES tenants(id),
        enterprise_id int NOT NULL REFERENCES energy_enterprises(id) ON DELETE CASCADE,
        kind_id int NOT NULL REFERENCES energy_kinds(id),
        month date NOT NULL,
        planned numeric NOT NULL,
        quota numeric NOT NULL,
        UNIQUE (tenant_id, enterprise_id, kind_id, month)
      );
      CREATE TABLE energy_alarms (
        id serial PRIMARY KEY,
        tenant_id int NOT NULL REFERENCES tenants(id),
        meter_id int REFERENCES energy_meters(id) ON DELETE CASCADE,
        equipment_id int REFERENCES energy_equipment(id) ON DELETE CASCADE,
        level text NOT NULL CHECK (level IN ('info', 'warning', 'critical')),
        alarm_type text NOT NULL,
        message text NOT NULL,
        occurred_at timestamptz NOT NULL,
        cleared_at timestamptz
      );
      CREATE INDEX energy_alarms_tenant ON energy_alarms (tenant_id, occurred_at);
    `.execute(db);
  },
};
