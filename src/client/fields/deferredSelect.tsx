/**
 * antd's Select and Cascader with rc-select (and rc-virtual-list, rc-overflow, rc-cascader) loaded on first use
 * (`deferredControl.tsx`, ADR 0411): until then `selectFacade.tsx` draws the closed select.
 * Same props as antd's Select; the real one receives them all once swapped.
 */
import type { InputStatus } from 'antd/es/_util/statusUtils';
import type { CascaderProps as CascaderAntProps } from 'antd/es/cascader';
import type { SelectProps } from 'antd/es/select';
import { isValidElement, type ComponentType, type Ref } from 'react';
import { DeferredControl, engine, type Focusable } from './deferredControl';
import { SelectFacade } from './selectFacade';

type Props = SelectProps & { [k: `aria-${string}`]: unknown };

const selectEngine = engine<Props>(() => import('antd/es/select').then((m) => m.default as unknown as ComponentType<Props>));

interface Opt {
  value?: unknown;
  label?: unknown;
  title?: string;
  options?: Opt[];
  children?: Opt[];
}

function findOption(options: readonly Opt[] | undefined, value: unknown): Opt | undefined {
  for (const o of options ?? []) {
    if (o.options) {
      const inner = findOption(o.options, value);
      if (inner) return inner;
    } else if (o.value === value) return o;
  }
  return undefined;
}

/** No value: nothing chosen yet (or cleared). */
const isEmptyChoice = (value: unknown) => value === undefined || value === null || (Array.isArray(value) && value.length === 0);

type Common = Pick<Props, 'placeholder' | 'disabled' | 'size' | 'variant' | 'className' | 'style' | 'id' | 'status'>;

/** What the look-alike takes unchanged from a Select's or a Cascader's props. */
function facadeLook(props: Common) {
  return {
    placeholder: props.placeholder,
    disabled: props.disabled,
    status: props.status as InputStatus | undefined,
    size: props.size,
    variant: props.variant,
    className: props.className,
    style: props.style,
    id: props.id,
    aria: Object.fromEntries(Object.entries(props).filter(([k]) => k.startsWith('aria-'))),
  };
}

export function DeferredSelect(props: Props) {
  const multiple = props.mode === 'multiple' || props.mode === 'tags';
  const value = props.value as unknown;
  const empty = isEmptyChoice(value);
  // rc-select shows a value missing from the options as the value itself.
  const option = empty || multiple ? undefined : findOption(props.options as Opt[] | undefined, value) ?? { value, label: value };
  const label = option ? (option.label as React.ReactNode) : undefined;
  const plain = typeof label === 'string' || typeof label === 'number';
  // Tags need rc-overflow; a label the facade cannot draw as the select would (a rendered
  // label, custom tags or labels) loads the real select at once.
  const eager = (multiple && !empty) || props.suffixIcon !== undefined || (label != null && !plain && !isValidElement(label)) || !!props.labelInValue || !!props.labelRender || !!props.tagRender;
  return (
    <DeferredControl
      engine={selectEngine}
      eager={eager}
      real={(R, ref, open) => {
        const Real = R as ComponentType<Props & { ref?: Ref<Focusable> }>;
        return <Real {...props} ref={ref} defaultOpen={open || props.defaultOpen} />;
      }}
      facade={(handlers) => (
        <SelectFacade
          multiple={multiple}
          label={label}
          title={option?.title ?? (plain ? String(label) : undefined)}
          {...facadeLook(props)}
          allowClear={!!props.allowClear}
          showSearch={props.showSearch}
          loading={props.loading}
          // What the real select's ✕ hands on: undefined for a single value.
          onClear={() => {
            props.onChange?.(undefined as never, undefined as never);
            props.onClear?.();
          }}
          handlers={handlers}
        />
      )}
    />
  );
}

type CascaderProps = CascaderAntProps & { [k: `aria-${string}`]: unknown };

const cascaderEngine = engine<CascaderProps>(() => import('antd/es/cascader').then((m) => m.default as unknown as ComponentType<CascaderProps>));

/** The labels along a value path, or undefined when a step is not among the options. */
export function pathLabels(options: readonly Opt[] | undefined, path: readonly unknown[]): string[] | undefined {
  const out: string[] = [];
  let level = options;
  for (const v of path) {
    const o = level?.find((x) => x.value === v);
    if (!o || (typeof o.label !== 'string' && typeof o.label !== 'number')) return undefined;
    out.push(String(o.label));
    level = o.children;
  }
  return out;
}

/** antd's Cascader with rc-cascader and rc-select loaded on first use, like `DeferredSelect`. */
export function DeferredCascader(props: CascaderProps) {
  const multiple = !!props.multiple;
  const value = props.value as unknown;
  const empty = isEmptyChoice(value);
  const labels = empty || multiple || !Array.isArray(value) ? undefined : pathLabels(props.options as Opt[] | undefined, value);
  // Tags, a custom display or a path the options do not hold load the real cascader at once.
  const eager = (!empty && (multiple || !labels || !!props.displayRender)) || props.suffixIcon !== undefined;
  const label = labels?.join(' / ');
  return (
    <DeferredControl
      engine={cascaderEngine}
      eager={eager}
      real={(R, ref, open) => {
        const Real = R as ComponentType<CascaderProps & { ref?: Ref<Focusable> }>;
        return <Real {...props} ref={ref} defaultOpen={open || undefined} />;
      }}
      facade={(handlers) => (
        <SelectFacade
          cascader
          multiple={multiple}
          label={label}
          title={label}
          {...facadeLook(props as Common)}
          allowClear={props.allowClear !== false}
          showSearch={!!props.showSearch}
          // What the real cascader's ✕ hands on.
          onClear={() => (props.onChange as ((v: unknown, o: unknown) => void) | undefined)?.(undefined, undefined)}
          handlers={handlers}
        />
      )}
    />
  );
}
