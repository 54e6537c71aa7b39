/**
 * Moved to `routing/navigation.ts` (issue 13: lower modules do not import the shell). This
 * re-export keeps the administration pages compiling until they import `routing/` themselves.
 */
export * from '../routing/navigation';
