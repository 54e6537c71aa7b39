/**
 * Where sign-in leads: the `redirect` a guard put on /login (a path of this site, query kept),
 * else `/`. Shared by the login form and the sign-in route's own guard so both agree — the guard
 * re-renders as soon as the token is stored, and sending it to `/` there lost the target (a
 * /mmh5 QR link signed in on the home page, issue 27 item 6).
 */
export function safeRedirect(redirect: string | null | undefined): string {
  // Only a path of this site: `//host` and `http://…` would leave it.
  return redirect && redirect.startsWith('/') && !redirect.startsWith('//') && !redirect.startsWith('/\\') ? redirect : '/';
}

/** The redirect target named by a search string (`?redirect=…`). */
export function redirectOfSearch(search: string): string {
  return safeRedirect(new URLSearchParams(search).get('redirect'));
}
