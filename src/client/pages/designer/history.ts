/**
 * Undo / redo of the designer (pure reducer): each change pushes the previous draft; typing into
 * one property coalesces into one step (`group`); at most HISTORY_LIMIT steps are kept.
 */
import type { Draft } from './draft';

/** Steps kept for undo. */
export const HISTORY_LIMIT = 300;

/** The designer's history. */
export interface History {
  past: Draft[];
  present: Draft;
  future: Draft[];
  /** The draft as last loaded or saved: `present !== saved` means unsaved changes. */
  saved: Draft;
  /** The coalescing group of the last change. */
  group: string | null;
}

/** What the reducer does. */
export type HistoryAction =
  | { type: 'change'; draft: Draft; group?: string }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'load'; draft: Draft }
  | { type: 'saved'; draft?: Draft };

/** A fresh history of `draft`. */
export const initHistory = (draft: Draft): History => ({ past: [], present: draft, future: [], saved: draft, group: null });

/** The reducer. */
export function historyReducer(h: History, action: HistoryAction): History {
  switch (action.type) {
    case 'change': {
      if (action.draft === h.present) return h;
      if (action.group && action.group === h.group) return { ...h, present: action.draft, future: [] };
      const past = [...h.past, h.present].slice(-HISTORY_LIMIT);
      return { ...h, past, present: action.draft, future: [], group: action.group ?? null };
    }
    case 'undo': {
      if (!h.past.length) return h;
      return { ...h, past: h.past.slice(0, -1), present: h.past[h.past.length - 1], future: [h.present, ...h.future], group: null };
    }
    case 'redo': {
      if (!h.future.length) return h;
      return { ...h, past: [...h.past, h.present], present: h.future[0], future: h.future.slice(1), group: null };
    }
    case 'load':
      return initHistory(action.draft);
    case 'saved': {
      const draft = action.draft ?? h.present;
      return { ...h, present: draft, saved: draft, group: null };
    }
  }
}

/** Whether the draft differs from the one last loaded or saved. */
export const isDirty = (h: History): boolean => h.present !== h.saved;
