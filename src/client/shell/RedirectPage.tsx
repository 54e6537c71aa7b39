/** `/redirect/{path}`: replaces itself with `{path}`, which remounts the page (used to refresh a tab). */
import { useEffect } from 'react';
import { useLocation } from 'wouter';

/** Navigates (replace) to `to` once mounted. */
export function RedirectPage({ to }: { to: string }) {
  const [, navigate] = useLocation();
  useEffect(() => {
    navigate(to + window.location.search, { replace: true });
  }, [navigate, to]);
  return null;
}
