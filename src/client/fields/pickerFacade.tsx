/**
 * The closed antd DatePicker / RangePicker / TimePicker, drawn without rc-picker: the same DOM,
 * classes (antd's picker style hook, size, variant, disabled, status) and locale placeholders as
 * antd 5's `generateSinglePicker` / `generateRangePicker`, so the look-alike of `deferredControl`
 * cannot be told from the real control until it is used. To re-check on an antd upgrade (5.29).
 */
import { CalendarOutlined, ClockCircleOutlined, CloseCircleFilled, SwapRightOutlined } from '@ant-design/icons';
import { ConfigContext } from 'antd/es/config-provider';
import DisabledContext from 'antd/es/config-provider/DisabledContext';
import useCSSVarCls from 'antd/es/config-provider/hooks/useCSSVarCls';
import useSize from 'antd/es/config-provider/hooks/useSize';
import { getMergedStatus, getStatusClassNames, type InputStatus } from 'antd/es/_util/statusUtils';
import enUS from 'antd/es/date-picker/locale/en_US';
import useStyle from 'antd/es/date-picker/style';
import { getPlaceholder, getRangePlaceholder } from 'antd/es/date-picker/util';
import { FormItemInputContext } from 'antd/es/form/context';
import useVariant from 'antd/es/form/hooks/useVariants';
import useLocale from 'antd/es/locale/useLocale';
import { useCompactItemContext } from 'antd/es/space/Compact';
import type { SizeType } from 'antd/es/config-provider/SizeContext';
import type { Variant } from 'antd/es/config-provider';
import classNames from 'classnames';
import { useContext, useRef, type CSSProperties, type FocusEvent, type MouseEvent, type ReactNode } from 'react';
import type { FacadeHandlers } from './deferredControl';

export type PickerKind = 'date' | 'month' | 'year' | 'time';

export interface PickerFacadeProps {
  kind: PickerKind;
  range?: boolean;
  /** The text each input shows ('' when empty). */
  text: string[];
  /** The rc-picker input size: the longer of the format and the picker's default, plus 2. */
  format: string;
  placeholder?: string | [string, string];
  disabled?: boolean;
  allowClear?: boolean;
  status?: InputStatus;
  size?: SizeType;
  variant?: Variant;
  bordered?: boolean;
  className?: string;
  style?: CSSProperties;
  id?: string;
  onClear: () => void;
  onFocus?: (e: FocusEvent<HTMLInputElement>) => void;
  onBlur?: (e: FocusEvent<HTMLInputElement>) => void;
  handlers: FacadeHandlers;
}

export function PickerFacade(p: PickerFacadeProps) {
  const { kind, range, text, handlers } = p;
  const { getPrefixCls, direction, datePicker, rangePicker, timePicker } = useContext(ConfigContext);
  const consumerStyle = kind === 'time' ? timePicker : range ? rangePicker : datePicker;
  const prefixCls = getPrefixCls('picker');
  const { compactSize, compactItemClassnames } = useCompactItemContext(prefixCls, direction);
  const [variant, enableVariantCls] = useVariant(range ? 'rangePicker' : 'datePicker', p.variant, p.bordered);
  const rootCls = useCSSVarCls(prefixCls);
  const [wrapCSSVar, hashId, cssVarCls] = useStyle(prefixCls, rootCls);
  const mergedSize = useSize((ctx) => p.size ?? compactSize ?? ctx);
  const contextDisabled = useContext(DisabledContext);
  const disabled = p.disabled ?? contextDisabled;
  const { hasFeedback, status: contextStatus, feedbackIcon } = useContext(FormItemInputContext);
  const [contextLocale] = useLocale('DatePicker', enUS);
  const picker = kind === 'date' ? undefined : kind;
  const placeholders = range
    ? getRangePlaceholder(contextLocale, picker, p.placeholder as [string, string] | undefined) ?? ['', '']
    : [getPlaceholder(contextLocale, picker, p.placeholder as string | undefined)];
  const inputSize = Math.max(kind === 'time' ? 8 : 10, p.format.length) + 2;
  const showClear = (p.allowClear ?? true) && !disabled && text.some(Boolean);

  /** A press on an input, so the focus that follows opens the picker (a Tab focus does not). */
  const pressed = useRef(false);
  // rc-picker keeps the focus in its input when the rest of the box is pressed.
  const onRootMouseDown = (e: MouseEvent<HTMLDivElement>) => {
    if (disabled || (e.target as HTMLElement).tagName === 'INPUT') return;
    e.preventDefault();
    handlers.activate(0, true);
  };
  const input = (i: number) => (
    <div className={`${prefixCls}-input`} key={i}>
      <input
        id={i === 0 ? p.id : undefined}
        aria-invalid="false"
        autoComplete="off"
        size={inputSize}
        placeholder={placeholders[i]}
        {...(range ? { 'date-range': i === 0 ? 'start' : 'end' } : {})}
        disabled={disabled}
        // Typing waits for the real input, which replaces this one on focus.
        readOnly
        value={text[i] ?? ''}
        onMouseDown={() => {
          pressed.current = true;
        }}
        onFocus={(e) => {
          p.onFocus?.(e);
          handlers.activate(i, pressed.current);
          pressed.current = false;
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') handlers.activate(i, true);
        }}
        onBlur={p.onBlur}
      />
      {!range && suffix}
      {!range && clear}
    </div>
  );
  const suffix = (
    <span className={`${prefixCls}-suffix`}>
      {kind === 'time' ? <ClockCircleOutlined /> : <CalendarOutlined />}
      {hasFeedback && feedbackIcon}
    </span>
  );
  const clear: ReactNode = showClear && (
    <span
      className={`${prefixCls}-clear`}
      role="button"
      onMouseDown={(e) => {
        e.preventDefault();
        e.stopPropagation();
      }}
      onClick={(e) => {
        e.stopPropagation();
        p.onClear();
      }}
    >
      <CloseCircleFilled />
    </span>
  );
  return wrapCSSVar(
    <div
      ref={handlers.rootRef}
      className={classNames(
        prefixCls,
        {
          [`${prefixCls}-range`]: range,
          [`${prefixCls}-disabled`]: disabled,
          [`${prefixCls}-rtl`]: direction === 'rtl',
          [`${prefixCls}-${mergedSize}`]: mergedSize,
          [`${prefixCls}-${variant}`]: enableVariantCls,
        },
        getStatusClassNames(prefixCls, getMergedStatus(contextStatus, p.status), hasFeedback),
        hashId,
        compactItemClassnames,
        consumerStyle?.className,
        p.className,
        cssVarCls,
        rootCls,
      )}
      style={{ ...consumerStyle?.style, ...p.style }}
      onPointerEnter={handlers.preload}
      onTouchStart={handlers.preload}
      onMouseDown={onRootMouseDown}
    >
      {input(0)}
      {range && (
        <>
          <div className={`${prefixCls}-range-separator`}>
            <span aria-label="to" className={`${prefixCls}-separator`}>
              <SwapRightOutlined />
            </span>
          </div>
          {input(1)}
          <div className={`${prefixCls}-active-bar`} style={{ position: 'absolute', width: 0 }} />
          {suffix}
          {clear}
        </>
      )}
    </div>,
  );
}
