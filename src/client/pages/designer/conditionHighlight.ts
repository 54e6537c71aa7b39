/**
 * The condition editor's colouring (pure): the source cut into segments by the adapter's own
 * tokenizer, and the parse error with its position from the adapter's parser and compiler, so
 * the editor and the runtime agree on what is valid.
 */
import { ConditionSyntaxError } from '../../../../schema-adapters/conditions/ast';
import { compileCondition } from '../../../../schema-adapters/conditions/compileCondition';
import { parseCondition } from '../../../../schema-adapters/conditions/parse';
import { isSqlCondition } from '../../../../schema-adapters/conditions/sqlCondition';
import { tokenize, type Token } from '../../../../schema-adapters/conditions/tokenize';

/** A coloured piece of the source. */
export interface Segment {
  text: string;
  kind: Token['kind'] | 'sql' | 'space' | 'error' | 'deferred';
}

/** What the editor shows for a source. */
export interface ConditionView {
  segments: Segment[];
  /** The compiler's message, or null when the condition is valid (or empty). */
  error: string | null;
  /** Where the parser stopped, when it did. */
  position: number | null;
  /** `expr`, `sql` (evaluated by the server) or `deferred` (`$${…}`: default state). */
  kind: 'expr' | 'sql' | 'deferred' | 'empty';
}

function segmentsOf(source: string, upTo: number): Segment[] {
  const out: Segment[] = [];
  let tokens: Token[];
  try {
    tokens = tokenize(source.slice(0, upTo));
  } catch {
    return [{ text: source.slice(0, upTo), kind: 'space' }];
  }
  let at = 0;
  tokens.forEach((t, i) => {
    if (t.kind === 'eof') return;
    if (t.pos > at) out.push({ text: source.slice(at, t.pos), kind: 'space' });
    const next = tokens[i + 1];
    const end = next ? next.pos : upTo;
    // A token runs until the next one; trailing spaces become their own segment.
    const raw = source.slice(t.pos, end);
    const trimmed = raw.replace(/\s+$/, '');
    out.push({ text: trimmed, kind: t.kind });
    at = t.pos + trimmed.length;
  });
  if (at < upTo) out.push({ text: source.slice(at, upTo), kind: 'space' });
  return out;
}

/** The coloured view of a condition. */
export function viewCondition(source: string): ConditionView {
  if (!source.trim()) return { segments: [], error: null, position: null, kind: 'empty' };
  if (isSqlCondition(source)) {
    const c = compileCondition(source);
    return { segments: [{ text: source, kind: 'sql' }], error: c.error ?? null, position: null, kind: 'sql' };
  }
  if (source.includes('$${')) return { segments: [{ text: source, kind: 'deferred' }], error: null, position: null, kind: 'deferred' };
  let position: number | null = null;
  let message: string | null = null;
  try {
    parseCondition(source);
  } catch (err) {
    if (err instanceof ConditionSyntaxError) { position = Math.max(0, Math.min(err.position, source.length)); message = err.message; }
    else message = err instanceof Error ? err.message : String(err);
  }
  const compiled = compileCondition(source);
  const error = compiled.error ?? message;
  if (position == null) return { segments: segmentsOf(source, source.length), error, position: null, kind: 'expr' };
  const segments = segmentsOf(source, position);
  segments.push({ text: source.slice(position) || ' ', kind: 'error' });
  return { segments, error: error ?? '条件无法解析', position, kind: 'expr' };
}
