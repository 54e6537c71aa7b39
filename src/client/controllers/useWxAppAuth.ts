/**
 * `/wxapp-auth`, `/wxapp-auth/{timestamp}` and `/auth-redirect` (issue 32 item 4): without a code,
 * off to the provider's consent page; with the code and state it sends back, the exchange — a
 * bound WeChat signs in, an unbound one goes to `/bind` with its ticket (kept in this tab's
 * sessionStorage, never in the address).
 */
import { useEffect, useRef, useState } from 'react';
import { authorizeWxApp, getWxAppConfig, wxAppLogin } from '../api/wxApp';
import { HttpError, resetReloginPrompt } from '../api/http';
import { getTenantCode, setToken } from '../session/cookies';
import { setNeedPerfect } from '../session/passwordFlag';
import { sessionStore } from '../session/sessionStore';
import { safeRedirect } from '../routing/safeRedirect';

const TICKET_KEY = 'formwork.wxapp.bind';

/** The bind ticket and where to go after binding, as the exchange left them. */
export function readBindTicket(): { ticket: string; redirect: string } | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(TICKET_KEY) ?? 'null') as { ticket?: string; redirect?: string } | null;
    return v?.ticket ? { ticket: v.ticket, redirect: safeRedirect(v.redirect) } : null;
  } catch {
    return null;
  }
}

/** Forgets the bind ticket (spent or refused). */
export function clearBindTicket(): void {
  sessionStorage.removeItem(TICKET_KEY);
}

/** Stores a session token as the sign-in page does. */
export function storeSignIn(token: string, needPerfect: boolean): void {
  setNeedPerfect(needPerfect);
  setToken(token);
  resetReloginPrompt();
  sessionStore.set({ ready: false });
}

/**
 * One exchange per code and state for the page's lifetime. A code works once, so when the page is
 * mounted again while its first exchange runs (the shell settling its session), the new mount
 * must wait for the same answer instead of spending the state a second time (which fails).
 */
const exchanges = new Map<string, ReturnType<typeof wxAppLogin>>();
function exchangeOnce(code: string, oauthState: string): ReturnType<typeof wxAppLogin> {
  const key = `${code}\u0001${oauthState}`;
  let answer = exchanges.get(key);
  if (!answer) exchanges.set(key, (answer = wxAppLogin(code, oauthState)));
  return answer;
}

export type WxAuthState = { kind: 'working' } | { kind: 'disabled' } | { kind: 'failed'; message: string };

/**
 * Runs the step the address calls for, once per address the page opened with (its own navigation
 * must not start another round); `go` navigates within the app, `leave` to the provider.
 */
export function useWxAppAuth(search: string, go: (to: string) => void, leave: (url: string) => void): WxAuthState {
  const [state, setState] = useState<WxAuthState>({ kind: 'working' });
  const [opened] = useState(search);
  const exits = useRef({ go, leave });
  exits.current = { go, leave };
  useEffect(() => {
    const { go, leave } = exits.current;
    let live = true;
    const q = new URLSearchParams(opened);
    const code = q.get('code');
    const oauthState = q.get('state');
    const fail = (err: unknown) => live && setState({ kind: 'failed', message: err instanceof HttpError ? err.message : '微信授权失败，请稍后重试' });
    (async () => {
      const config = await getWxAppConfig();
      if (!config.data.enabled) return live && setState({ kind: 'disabled' });
      if (code && oauthState) {
        const r = (await exchangeOnce(code, oauthState)).data;
        if (!live) return;
        if (r.bound && r.token) {
          storeSignIn(r.token, r.needPerfect === true);
          return go(safeRedirect(r.redirect));
        }
        sessionStorage.setItem(TICKET_KEY, JSON.stringify({ ticket: r.ticket, redirect: r.redirect }));
        return go('/bind');
      }
      if (code) return live && setState({ kind: 'failed', message: '授权请求无效或已使用，请重新进入' });
      const { data } = await authorizeWxApp(q.get('tenantCode') || getTenantCode(), safeRedirect(q.get('redirect')));
      if (live) leave(data.authorizeUrl);
    })().catch(fail);
    return () => {
      live = false;
    };
  }, [opened]);
  return state;
}
