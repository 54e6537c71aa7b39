/**
 * Tenant verification for pages where the user types a tenant code (issue 32 item 2): the sign-in
 * and register pages when the public tenant list is empty (TENANT_LIST_PUBLIC=false, or the list
 * could not be read). `POST /system/user/tenant/verification` checks the code; a refusal is the
 * server's message (租户不存在, 租户已停用…), shown by the HTTP client as every other call's.
 * One call per typed code: the field's blur and the submit that follows share it.
 */
import { useCallback, useRef, useState } from 'react';
import { verifyTenant } from '../api/auth';

export interface VerifiedTenant {
  tenantCode: string;
  tenantName: string;
}

export function useTenantCheck() {
  const [verified, setVerified] = useState<VerifiedTenant | null>(null);
  const [refused, setRefused] = useState(false);
  const calls = useRef(new Map<string, Promise<VerifiedTenant | null>>());
  /** The tenant `typed` names, or null (empty, or refused: the message is already shown). */
  const check = useCallback(async (typed: string): Promise<VerifiedTenant | null> => {
    const code = typed.trim();
    if (!code) return null;
    let call = calls.current.get(code);
    if (!call) {
      call = verifyTenant(code).then(
        (r) => r.data,
        () => {
          // A refused code may be fixed by an administrator meanwhile: ask again next time.
          calls.current.delete(code);
          return null;
        },
      );
      calls.current.set(code, call);
    }
    const v = await call;
    setVerified(v);
    setRefused(!v);
    return v;
  }, []);
  /** The typed code changed: what was verified no longer applies. */
  const edited = useCallback(() => {
    setVerified(null);
    setRefused(false);
  }, []);
  return { verified, refused, check, edited };
}
