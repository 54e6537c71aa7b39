/** The three scenes a record list runs in (spec 01 §2.1). */
export type ListScene = 'normal' | 'relateForm' | 'subForm';

/** Statuses a related-form picker offers (spec 01 §4). */
export const PICKER_STATUSES = [-1, 0, 1] as const;
