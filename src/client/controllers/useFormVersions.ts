/**
 * The saved versions of a form (issue 19), no antd: the list while the drawer is open, one
 * version's definition, and restoring one; failures read into messages or a confirmation to ask.
 * pages/designer/VersionsDrawer.tsx shows them.
 */
import { useEffect, useMemo, useState } from 'react';
import type { FormDefinition } from '../../../schema-adapters/definition/types';
import type { DefinitionCheck, FormVersion } from '../../shared/contract/formVersions';
import { getFormById, getVersion, listVersions, readRefusal, restoreVersion } from '../api/formDesign';

/** Said when the server has no versions calls yet. */
export const VERSIONS_MISSING = '服务器暂未提供版本记录（/flowable/form/{id}/versions）';

/** What a restore ended with: the form's definition now, data changes to confirm, or a message. */
export type RestoreOutcome =
  | { kind: 'restored'; definition: FormDefinition }
  | { kind: 'confirm'; check: DefinitionCheck }
  | { kind: 'failed'; message: string };

/** The versions of `formId`, read each time `open` turns true. */
export function useFormVersions(open: boolean, formId: number | string | undefined) {
  const [versions, setVersions] = useState<FormVersion[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open || formId == null) return;
    listVersions(formId).then((v) => { setVersions(v); setError(null); }).catch((err: unknown) => {
      const r = readRefusal(err);
      setError(r.kind === 'missing' ? VERSIONS_MISSING : r.kind === 'other' ? r.message : '读取版本失败');
    });
  }, [open, formId]);
  const calls = useMemo(() => ({
    /** One version's definition, or the message of why not. */
    version: async (version: number): Promise<{ definition: FormDefinition } | { message: string }> => {
      try {
        return { definition: await getVersion(formId!, version) };
      } catch (err) {
        const r = readRefusal(err);
        return { message: r.kind === 'other' || r.kind === 'missing' ? r.message : '读取版本失败' };
      }
    },
    /** Restores a version, then reads the form's definition afresh. */
    restore: async (version: number, confirmed: boolean): Promise<RestoreOutcome> => {
      try {
        await restoreVersion(formId!, version, confirmed);
        return { kind: 'restored', definition: await getFormById(formId!) };
      } catch (err) {
        const r = readRefusal(err);
        if (r.kind === 'dataChanges') return { kind: 'confirm', check: r.check };
        return { kind: 'failed', message: r.kind === 'problems' ? r.problems.map((p) => p.message).join('；') : r.message };
      }
    },
  }), [formId]);
  return { versions, error, ...calls };
}
