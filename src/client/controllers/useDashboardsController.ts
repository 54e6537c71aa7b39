/** 仪表盘管理: the tenant's dashboards, the one being edited, saving and deleting. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { deleteDashboards, getDashboard, listDashboards, saveDashboard, type DashboardInput } from '../api/dashboards';
import { listForms } from '../api/forms';
import { queryKeys } from '../api/queryKeys';

/** A new dashboard's starting values. */
export const NEW_DASHBOARD: DashboardInput = { name: '', routeKey: null, refreshSeconds: 60, panels: [], isPublic: false };

/** The list, the forms panels may read, and the calls of the screen. */
export function useDashboardsController() {
  const client = useQueryClient();
  const list = useQuery({ queryKey: queryKeys.dashboards.list(), queryFn: listDashboards });
  const forms = useQuery({ queryKey: queryKeys.forms.list(), queryFn: listForms, staleTime: 30_000 });
  const invalidate = () => client.invalidateQueries({ queryKey: queryKeys.dashboards.all });
  const save = useMutation({ mutationFn: saveDashboard, onSuccess: invalidate });
  const remove = useMutation({ mutationFn: (ids: number[]) => deleteDashboards(ids), onSuccess: invalidate });
  // Stable, so a page may load on an address change (`?id=`) in an effect.
  const load = useCallback(async (id: number): Promise<DashboardInput> => {
    const d = await client.fetchQuery({ queryKey: queryKeys.dashboards.one(id), queryFn: () => getDashboard(id), staleTime: 0 });
    return { id: d.id, version: d.version, name: d.name, routeKey: d.routeKey, refreshSeconds: d.refreshSeconds, panels: d.panels, isPublic: d.isPublic };
  }, [client]);
  return {
    rows: list.data ?? [],
    forms: forms.data ?? [],
    /** The stored dashboard as the editor's input. */
    load,
    save: save.mutateAsync,
    saving: save.isPending,
    remove: remove.mutateAsync,
  };
}
