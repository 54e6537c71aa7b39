/**
 * The closed antd Select, drawn without rc-select: the same DOM, classes (antd's select style hook,
 * size, variant, status, disabled, allow-clear, show-search) and combobox input as antd 5.29 /
 * rc-select 14 render while closed, so the look-alike of `deferredControl` cannot be told from the
 * real control until it is used. Single values and an empty multiple value only: tags need
 * rc-overflow's measuring, so a non-empty multiple value loads the real control at once.
 * To re-check on an antd upgrade (5.29).
 */
import { CloseCircleFilled, DownOutlined, LoadingOutlined } from '@ant-design/icons';
import { ConfigContext } from 'antd/es/config-provider';
import DisabledContext from 'antd/es/config-provider/DisabledContext';
import useCSSVarCls from 'antd/es/config-provider/hooks/useCSSVarCls';
import useSize from 'antd/es/config-provider/hooks/useSize';
import { getMergedStatus, getStatusClassNames, type InputStatus } from 'antd/es/_util/statusUtils';
import { FormItemInputContext } from 'antd/es/form/context';
import useVariant from 'antd/es/form/hooks/useVariants';
import useCascaderStyle from 'antd/es/cascader/style';
import useStyle from 'antd/es/select/style';
import { useCompactItemContext } from 'antd/es/space/Compact';
import type { SizeType } from 'antd/es/config-provider/SizeContext';
import type { Variant } from 'antd/es/config-provider';
import classNames from 'classnames';
import { useContext, useId, useRef, type CSSProperties, type KeyboardEvent, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import type { FacadeHandlers } from './deferredControl';

export interface SelectFacadeProps {
  /** antd's Cascader: the same rc-select box with its own class and style. */
  cascader?: boolean;
  multiple?: boolean;
  /** The chosen option's label, undefined when nothing is chosen (single mode). */
  label?: ReactNode;
  /** The selection item's title, as rc-select derives it (a string or number label). */
  title?: string;
  placeholder?: ReactNode;
  disabled?: boolean;
  allowClear?: boolean;
  showSearch?: boolean;
  loading?: boolean;
  status?: InputStatus;
  size?: SizeType;
  variant?: Variant;
  className?: string;
  style?: CSSProperties;
  id?: string;
  /** aria-* attributes: rc-select puts them on its root and on the combobox input. */
  aria?: Record<string, unknown>;
  onClear: () => void;
  handlers: FacadeHandlers;
}

/** rc-select's TransBtn: an icon span the pointer cannot select. */
function TransBtn({ className, children, onMouseDown }: { className: string; children: ReactNode; onMouseDown?: (e: MouseEvent<HTMLSpanElement>) => void }) {
  return (
    <span className={className} style={{ userSelect: 'none', WebkitUserSelect: 'none' }} unselectable="on" aria-hidden onMouseDown={onMouseDown}>
      {children}
    </span>
  );
}

export function SelectFacade(p: SelectFacadeProps) {
  const { handlers, multiple } = p;
  const { getPrefixCls, direction } = useContext(ConfigContext);
  const prefixCls = getPrefixCls('select');
  const { compactSize, compactItemClassnames } = useCompactItemContext(prefixCls, direction);
  const [variant, enableVariantCls] = useVariant(p.cascader ? 'cascader' : 'select', p.variant);
  const rootCls = useCSSVarCls(prefixCls);
  const [wrapCSSVar, hashId, cssVarCls] = useStyle(prefixCls, rootCls);
  const cascaderPrefixCls = getPrefixCls('cascader');
  const cascaderRootCls = useCSSVarCls(cascaderPrefixCls);
  // The hook runs for a select too (hooks cannot be conditional); its styles are shared, once.
  const [wrapCascaderCSSVar] = useCascaderStyle(cascaderPrefixCls, cascaderRootCls);
  const mergedSize = useSize((ctx) => p.size ?? compactSize ?? ctx);
  const contextDisabled = useContext(DisabledContext);
  const disabled = p.disabled ?? contextDisabled;
  const { status: contextStatus, hasFeedback, isFormItemInput, feedbackIcon } = useContext(FormItemInputContext);
  // Multiple mode is searchable by default, as in rc-select.
  const showSearch = p.showSearch ?? !!multiple;
  const hasValue = !multiple && p.label !== undefined;
  // rc-select's closed input takes typing only in a searchable single select (multiple: once focused).
  const editable = showSearch && !multiple;
  const showClear = !!p.allowClear && !disabled && hasValue;
  const generatedId = useId();
  const id = p.id ?? `rc_select_${generatedId.replace(/:/g, '')}`;

  /** A press, so the focus that follows opens the select (a Tab focus does not). */
  const pressed = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const onRootMouseDown = (e: MouseEvent<HTMLDivElement>) => {
    if (disabled) return;
    pressed.current = true;
    // rc-select keeps the focus in its input when the rest of the box is pressed (a multiple
    // select's input is 0 px wide, so a press lands beside it): the focus moves here, which swaps.
    if ((e.target as HTMLElement).tagName !== 'INPUT') {
      e.preventDefault();
      if (document.activeElement === inputRef.current) handlers.activate(0, true);
      else inputRef.current?.focus();
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      handlers.activate(0, true);
    }
  };
  const input = (
    <input
      ref={inputRef}
      type="search"
      id={id}
      autoComplete="off"
      className={`${prefixCls}-selection-search-input`}
      role="combobox"
      aria-expanded="false"
      aria-haspopup="listbox"
      aria-owns={`${id}_list`}
      aria-autocomplete="list"
      aria-controls={`${id}_list`}
      {...p.aria}
      // Typing waits for the real input, which replaces this one on focus.
      readOnly
      {...(editable ? {} : { unselectable: 'on', style: { opacity: 0 } })}
      value=""
      disabled={disabled}
      onFocus={() => {
        handlers.activate(0, pressed.current);
        pressed.current = false;
      }}
      onKeyDown={onKeyDown}
    />
  );
  const placeholder = p.placeholder !== undefined && p.placeholder !== null && !hasValue ? <span className={`${prefixCls}-selection-placeholder`}>{p.placeholder}</span> : null;
  const selection = multiple ? (
    <span className={`${prefixCls}-selection-wrap`}>
      <div className={`${prefixCls}-selection-overflow`}>
        <div className={`${prefixCls}-selection-overflow-item ${prefixCls}-selection-overflow-item-suffix`} style={{ opacity: 1 }}>
          <div className={`${prefixCls}-selection-search`} style={{ width: 0 }}>
            {input}
            <span className={`${prefixCls}-selection-search-mirror`} aria-hidden>
              &nbsp;
            </span>
          </div>
        </div>
      </div>
      {placeholder}
    </span>
  ) : (
    <span className={`${prefixCls}-selection-wrap`}>
      <span className={`${prefixCls}-selection-search`}>{input}</span>
      {hasValue ? (
        <span className={`${prefixCls}-selection-item`} title={p.title}>
          {p.label}
        </span>
      ) : (
        placeholder
      )}
    </span>
  );
  const wrap = p.cascader ? (n: ReactElement) => wrapCSSVar(wrapCascaderCSSVar(n)) : wrapCSSVar;
  return wrap(
    <div
      ref={handlers.rootRef}
      className={classNames(
        prefixCls,
        p.cascader && cascaderPrefixCls,
        {
          [`${prefixCls}-lg`]: mergedSize === 'large',
          [`${prefixCls}-sm`]: mergedSize === 'small',
          [`${prefixCls}-rtl`]: direction === 'rtl',
          [`${prefixCls}-${variant}`]: enableVariantCls,
          [`${prefixCls}-in-form-item`]: isFormItemInput,
        },
        getStatusClassNames(prefixCls, getMergedStatus(contextStatus, p.status), hasFeedback),
        compactItemClassnames,
        p.className,
        cssVarCls,
        rootCls,
        p.cascader && cascaderRootCls,
        hashId,
        {
          [`${prefixCls}-multiple`]: multiple,
          [`${prefixCls}-single`]: !multiple,
          [`${prefixCls}-allow-clear`]: p.allowClear,
          [`${prefixCls}-show-arrow`]: true,
          [`${prefixCls}-disabled`]: disabled,
          [`${prefixCls}-loading`]: p.loading,
          [`${prefixCls}-show-search`]: showSearch,
        },
      )}
      {...p.aria}
      style={p.style}
      onPointerEnter={handlers.preload}
      onTouchStart={handlers.preload}
      onMouseDown={onRootMouseDown}
    >
      <div className={`${prefixCls}-selector`}>{selection}</div>
      <TransBtn className={classNames(`${prefixCls}-arrow`, { [`${prefixCls}-arrow-loading`]: p.loading })}>
        {p.loading ? <LoadingOutlined spin /> : <DownOutlined className={`${prefixCls}-suffix`} />}
        {hasFeedback && feedbackIcon}
      </TransBtn>
      {showClear && (
        <TransBtn
          className={`${prefixCls}-clear`}
          onMouseDown={(e) => {
            e.preventDefault();
            e.stopPropagation();
            p.onClear();
          }}
        >
          <CloseCircleFilled />
        </TransBtn>
      )}
    </div>,
  );
}
