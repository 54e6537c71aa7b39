/**
 * Text family (input, textarea): @formily/antd-v5 inputs; an empty string becomes null (spec 01 §5),
 * the word limit shows when a maximum length is set, a textarea has 3 rows.
 */
import { connect, mapProps, mapReadPretty } from '@formily/react';
import { Input as FInput } from '@formily/antd-v5';

// mapProps merges the result into the same props object: keep the original onChange first.
const emptyToNull = (props: Record<string, unknown>) => {
  const onChange = props.onChange as ((v: unknown) => void) | undefined;
  return { ...props, value: props.value ?? '', onChange: (e: { target: { value: string } }) => onChange?.(e.target.value === '' ? null : e.target.value) };
};

/** Read-only text: the value (line breaks kept), or '-' when empty. */
function TextView({ value }: { value?: string | null }) {
  return value == null || value === '' ? <span className="fw-empty-text">-</span> : <span style={{ whiteSpace: 'pre-wrap' }}>{value}</span>;
}

const TextInput = connect(FInput, mapProps(emptyToNull as never), mapReadPretty(TextView));
const TextArea = connect(FInput.TextArea, mapProps(((p: Record<string, unknown>) => ({ ...emptyToNull(p), rows: 3 })) as never), mapReadPretty(TextView));

/** input with `Input.TextArea` for textarea (the adapter's two names). */
export const Input = Object.assign(TextInput, { TextArea });
