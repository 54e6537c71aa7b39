/** A minimal external store for React's useSyncExternalStore (session, tabs, settings). */
import { useSyncExternalStore } from 'react';

/** A store: read, replace part of the state, subscribe; `use(selector)` reads it in a component. */
export interface Store<S> {
  get(): S;
  set(patch: Partial<S> | ((s: S) => Partial<S>)): void;
  subscribe(listener: () => void): () => void;
  use<T>(selector: (s: S) => T): T;
}

/** Create a store holding `initial`. */
export function createStore<S extends object>(initial: S): Store<S> {
  let state = initial;
  const listeners = new Set<() => void>();
  const store: Store<S> = {
    get: () => state,
    set(patch) {
      const next = typeof patch === 'function' ? patch(state) : patch;
      state = { ...state, ...next };
      listeners.forEach((l) => l());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    use: (selector) => useSyncExternalStore(store.subscribe, () => selector(state)),
  };
  return store;
}
