/**
 * A field control whose engine (panels, dropdowns, popup positioning) loads on first interaction.
 * Until then a look-alike of the closed control is drawn (`facade`); the import starts when the
 * pointer enters the field, on touch or focus, and the real control replaces the look-alike on
 * focus (a click focuses first), focused like the look-alike was, so one click still opens it.
 * Once swapped the real control stays.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ComponentType, type ReactNode, type RefObject } from 'react';

/** One lazily imported control, loaded once for every field that uses it. */
export interface Engine<P> {
  readonly current: ComponentType<P> | undefined;
  load(): Promise<ComponentType<P>>;
}

export function engine<P>(load: () => Promise<ComponentType<P>>): Engine<P> {
  let promise: Promise<ComponentType<P>> | undefined;
  let current: ComponentType<P> | undefined;
  return {
    get current() {
      return current;
    },
    load() {
      promise ??= load().then(
        (c) => (current = c),
        (e: unknown) => {
          // A later interaction tries again (a chunk can fail on a flaky network).
          promise = undefined;
          throw e;
        },
      );
      return promise;
    },
  };
}

/** What the look-alike wires to its events. */
export interface FacadeHandlers {
  /** Starts the import (pointer enter, touch start). */
  preload: () => void;
  /**
   * Swaps to the real control; `index` names which of its inputs takes the focus (a range's end).
   * `open`: the user pressed the control or a key on it, so the real one opens as it would have;
   * a focus alone (Tab) does not open it. A press also focuses the real control when it landed
   * outside the look-alike's inputs (its icon, its border), unless the focus went elsewhere meanwhile.
   */
  activate: (index?: number, open?: boolean) => void;
  /** The look-alike's root, to know whether it still holds the focus when the engine arrives. */
  rootRef: RefObject<HTMLDivElement>;
}

/** The part of a real control's handle used after the swap (antd pickers and selects have it). */
export interface Focusable {
  focus?: (options?: { index?: number }) => void;
}

interface Props<P> {
  engine: Engine<P>;
  /** Swap at once: the look-alike cannot show this value exactly as the real control would. */
  eager?: boolean;
  /** The real control, given the ref to focus it with and whether it starts open. */
  real: (Real: ComponentType<P>, ref: RefObject<Focusable>, open: boolean) => ReactNode;
  facade: (handlers: FacadeHandlers) => ReactNode;
}

export function DeferredControl<P>({ engine: eng, eager, real, facade }: Props<P>) {
  const [Real, setReal] = useState<ComponentType<P> | undefined>(() => (eager ? eng.current : undefined));
  const [opened, setOpened] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const realRef = useRef<Focusable>(null);
  /** The input index to focus after the swap; null when the user has moved on meanwhile. */
  const focusIndex = useRef<number | null>(null);
  const wantOpen = useRef(false);
  const swapped = useRef(false);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const preload = useCallback(() => {
    // Errors surface on activation; a preload that fails is retried then.
    eng.load().catch(() => undefined);
  }, [eng]);

  const activate = useCallback(
    (index = 0, open = false) => {
      wantOpen.current ||= open;
      const swap = (c: ComponentType<P>) => {
        if (!alive.current || swapped.current) return;
        swapped.current = true;
        const root = rootRef.current;
        const active = document.activeElement;
        const focusHere = (root != null && root.contains(active)) || (open && (active == null || active === document.body));
        focusIndex.current = focusHere ? index : null;
        // Opened only if it keeps the focus: a panel left open elsewhere would not close on blur.
        setOpened(focusHere && wantOpen.current);
        setReal(() => c);
      };
      if (eng.current) swap(eng.current);
      else eng.load().then(swap, (e: unknown) => alive.current && setFailure(e ?? new Error('load failed')));
    },
    [eng],
  );

  useEffect(() => {
    if (eager && !Real) activate();
  }, [eager, Real, activate]);

  useLayoutEffect(() => {
    if (!Real || focusIndex.current == null) return;
    const index = focusIndex.current;
    focusIndex.current = null;
    realRef.current?.focus?.({ index });
  }, [Real]);

  if (failure) throw failure;
  return <>{Real ? real(Real, realRef, opened) : facade({ preload, activate, rootRef })}</>;
}
