/** The login gate (spec 02 §2.1): load settings, user info and routes once per sign-in; on failure sign out. */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { HttpError } from '../api/http';
import { queryKeys } from '../api/queryKeys';
import { removeToken, DEFAULT_TENANT, setTenantCode } from '../session/cookies';
import { sessionStore } from '../session/sessionStore';
import { isPageLeaving } from '../session/pageLifecycle';
import { loadPublicConfig, loadSession } from './loadSession';

/**
 * `ready` once the session is loaded; on failure the token is dropped and `onFailed` gets the
 * message (undefined for a 401, whose re-login prompt the HTTP client already shows).
 */
export function useLoginGate(onFailed: (message: string | undefined) => void): { ready: boolean } {
  const client = useQueryClient();
  const ready = sessionStore.use((s) => s.ready);
  const inFlight = useRef(false);
  useEffect(() => {
    if (ready || inFlight.current) return;
    inFlight.current = true;
    // A new sign-in (the sign-in page sets ready: false) must not see an older session's answers;
    // the sign-in page itself goes without the query cache (ADR 0403).
    client.removeQueries({ queryKey: queryKeys.session.all });
    loadSession(client)
      .catch((error: Error) => {
        // A request cut off by leaving the page is no failure of the sign-in (pageLifecycle.ts).
        if (isPageLeaving()) return;
        removeToken();
        setTenantCode(DEFAULT_TENANT);
        void loadPublicConfig(client, DEFAULT_TENANT).catch(() => undefined);
        onFailed(error instanceof HttpError && error.code === 401 ? undefined : error?.message || '加载用户信息失败');
      })
      .finally(() => {
        inFlight.current = false;
      });
  }, [client, onFailed, ready]);
  return { ready };
}
