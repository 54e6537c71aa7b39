/**
 * Whether this document is being left. Leaving a page aborts its running requests, and a failure
 * seen then is not the server's answer: acting on it (signing out, clearing a cookie) would reach
 * the next page, which shares the cookies. Seen in Chromium: opening another address while the
 * login gate was loading signed the user out.
 */
let leaving = false;

if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', () => { leaving = true; });
  window.addEventListener('pagehide', () => { leaving = true; });
  // A page restored from the back-forward cache is live again.
  window.addEventListener('pageshow', () => { leaving = false; });
}

/** True from the moment the user starts leaving this document. */
export function isPageLeaving(): boolean {
  return leaving;
}
