/** On every navigation: progress bar, scroll to top, close tooltips (spec 02 §2.1). */
import type NProgressApi from 'nprogress';
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

// The progress bar runs from the first navigation on, not on the page first loaded: its module is
// not part of any page's first load (issue 15, goal 6; ADR 0408).
let nprogress: Promise<typeof NProgressApi> | undefined;
function progressBar() {
  nprogress ??= import('nprogress').then((m) => {
    // A CommonJS module: its API is the default export of the ES import.
    const bar = ((m as { default?: typeof NProgressApi }).default ?? m) as typeof NProgressApi;
    bar.configure({ showSpinner: false });
    return bar;
  });
  return nprogress;
}

/** Renders nothing; reacts to location changes. */
export function RouteEffects() {
  const [location] = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let done: number | undefined;
    let cancelled = false;
    void progressBar().then((NProgress) => {
      if (cancelled) return;
      NProgress.start();
      done = window.setTimeout(() => NProgress.done(), 0);
    });
    window.scrollTo(0, 0);
    document.querySelectorAll('.ant-tooltip').forEach((el) => el.classList.add('ant-tooltip-hidden'));
    return () => {
      cancelled = true;
      window.clearTimeout(done);
    };
  }, [location]);
  return null;
}
