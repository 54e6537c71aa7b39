/** LIKE patterns from user text: %, _ and \ are matched literally. */

/** `%text%` with the LIKE wildcards of text escaped (PostgreSQL's default escape is `\`). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
}
