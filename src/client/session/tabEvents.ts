/**
 * Tab-closed events, so form pages can drop their cached data (spec 02 §2.4: at once for one tab,
 * after 200 ms when closing others or all).
 */
type Listener = (paths: string[]) => void;
const listeners = new Set<Listener>();

/** Be told which tab paths were closed; returns the unsubscribe function. */
export function onTabsClosed(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Announce closed tabs after `delayMs`. */
export function notifyTabsClosed(paths: string[], delayMs: number): void {
  if (!paths.length) return;
  const fire = () => listeners.forEach((l) => l(paths));
  if (delayMs > 0) setTimeout(fire, delayMs);
  else fire();
}
