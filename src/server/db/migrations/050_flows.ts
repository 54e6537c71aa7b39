/**
 * Approval flows (issue 18, ADR 0970): versioned process definitions per form, instances pinned to
 * a version with the interpreter's state, tasks per assignee, and the action history.
 */
import { sql } from 'kysely';
import type { Migration } from './types.js';

export const m050Flows: Migration = {
  id: 50,
  name: 'flows',
  async up(db) {
    await sql`
      CREATE TABLE flow_definitions (
        id bigserial PRIMARY KEY,
        tenant_id int NOT NULL REFERENCES tenants(id),
        form_name text NOT NULL,
        version int NOT NULL,
        name text NOT NULL,
        bpmn_xml text NOT NULL,
        graph jsonb NOT NULL,
        node_fields jsonb NOT NULL DEFAULT '{}',
        create_by text NOT NULL DEFAULT '',
        create_time timestamptz NOT NULL DEFAULT now(),
        UNIQUE (tenant_id, form_name, version)
      );
      CREATE TABLE flow_instances (
        id bigserial PRIMARY KEY,
        tenant_id int NOT NULL REFERENCES tenants(id),
        definition_id bigint NOT NULL REFERENCES flow_definitions(id),
        form_name text NOT NULL,
        record_id bigint NOT NULL,
        title text NOT NULL DEFAULT '',
        starter_id bigint NOT NULL,
        starter_name text NOT NULL DEFAULT '',
        status text NOT NULL DEFAULT 'running',
        state jsonb NOT NULL,
        create_time timestamptz NOT NULL DEFAULT now(),
        end_time timestamptz
      );
      CREATE INDEX flow_instances_record ON flow_instances (tenant_id, form_name, record_id);
      CREATE INDEX flow_instances_starter ON flow_instances (tenant_id, starter_id, id DESC);
      CREATE TABLE flow_tasks (
        id bigserial PRIMARY KEY,
        tenant_id int NOT NULL REFERENCES tenants(id),
        instance_id bigint NOT NULL REFERENCES flow_instances(id),
        node_id text NOT NULL,
        node_name text NOT NULL DEFAULT '',
        entry int NOT NULL,
        kind text NOT NULL DEFAULT 'assignee',
        parent_task_id bigint,
        assignee_id bigint NOT NULL,
        status text NOT NULL DEFAULT 'open',
        result text,
        comment text NOT NULL DEFAULT '',
        attachments jsonb NOT NULL DEFAULT '[]',
        completed_by bigint,
        create_time timestamptz NOT NULL DEFAULT now(),
        end_time timestamptz
      );
      CREATE INDEX flow_tasks_assignee ON flow_tasks (tenant_id, assignee_id, status, id DESC);
      CREATE INDEX flow_tasks_done_by ON flow_tasks (tenant_id, completed_by, id DESC);
      CREATE INDEX flow_tasks_instance ON flow_tasks (instance_id, node_id, entry);
      CREATE TABLE flow_history (
        id bigserial PRIMARY KEY,
        tenant_id int NOT NULL REFERENCES tenants(id),
        instance_id bigint NOT NULL REFERENCES flow_instances(id),
        task_id bigint,
        node_id text NOT NULL DEFAULT '',
        node_name text NOT NULL DEFAULT '',
        action text NOT NULL,
        oper_type int NOT NULL,
        user_id bigint NOT NULL,
        user_name text NOT NULL DEFAULT '',
        comment text NOT NULL DEFAULT '',
        attachments jsonb NOT NULL DEFAULT '[]',
        target text NOT NULL DEFAULT '',
        create_time timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX flow_history_instance ON flow_history (instance_id, id);
    `.execute(db);
  },
};
