/** A refused statement; `message` is the Chinese reason shown to the designer. */
export class SqlGuardError extends Error {}
