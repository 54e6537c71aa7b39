/**
 * Navigation for pages and controllers. Only the shell and this module import wouter (STYLE.md
 * §8); everything else navigates through these hooks. It sits in `routing/`, below the shell, so
 * fields, forms and lists can navigate without importing the shell (issue 13).
 */
import { useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';
import { navigate as wouterNavigate } from 'wouter/use-browser-location';

/** Go to `to` (push, or replace with `{replace: true}`). Usable outside React. */
export function navigateTo(to: string, options?: { replace?: boolean }): void {
  wouterNavigate(to, options);
}

/** A navigate function for components. */
export function useNavigate(): (to: string, options?: { replace?: boolean }) => void {
  const [, setLocation] = useLocation();
  return useCallback((to, options) => setLocation(to, options), [setLocation]);
}

/** The current path (without query). */
export function useCurrentPath(): string {
  return useLocation()[0];
}

/** The current search string, without `?`. */
export function useCurrentSearch(): string {
  return useSearch();
}

/** The current query parameters. */
export function useQueryParams(): URLSearchParams {
  return new URLSearchParams(useSearch());
}
