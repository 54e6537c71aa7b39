/** On every navigation: progress bar, scroll to top, close tooltips (spec 02 §2.1). */
import NProgress from 'nprogress';
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

NProgress.configure({ showSpinner: false });

/** Renders nothing; reacts to location changes. */
export function RouteEffects() {
  const [location] = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    NProgress.start();
    window.scrollTo(0, 0);
    document.querySelectorAll('.ant-tooltip').forEach((el) => el.classList.add('ant-tooltip-hidden'));
    const done = window.setTimeout(() => NProgress.done(), 0);
    return () => window.clearTimeout(done);
  }, [location]);
  return null;
}
