/**
 * The card a record page sits in: the DOM, classes and styles of antd's `Card` (title, extra, body),
 * without the `Tabs` and `Skeleton` that antd's `Card` module imports for its `tabList` and
 * `loading` props, which no page here uses (issue 15, goal 6: ≈ 14 KB gzip of the first load;
 * ADR 0408).
 */
import classNames from 'classnames';
import { useContext, type CSSProperties, type ReactNode } from 'react';
import { ConfigContext } from 'antd/es/config-provider';
import useCardStyle from 'antd/es/card/style';

export interface PageCardProps {
  title?: ReactNode;
  extra?: ReactNode;
  className?: string;
  /** antd `Card`'s `styles.body`. */
  bodyStyle?: CSSProperties;
  children?: ReactNode;
}

/** A borderless antd card (antd `Card variant="borderless"`). */
export function PageCard({ title, extra, className, bodyStyle, children }: PageCardProps) {
  const { getPrefixCls, direction, card } = useContext(ConfigContext);
  const prefixCls = getPrefixCls('card');
  const [wrapCSSVar, hashId, cssVarCls] = useCardStyle(prefixCls);
  const head =
    title || extra ? (
      <div className={classNames(`${prefixCls}-head`, card?.classNames?.header)} style={card?.styles?.header}>
        <div className={`${prefixCls}-head-wrapper`}>
          {title ? <div className={classNames(`${prefixCls}-head-title`, card?.classNames?.title)} style={card?.styles?.title}>{title}</div> : null}
          {extra ? <div className={classNames(`${prefixCls}-extra`, card?.classNames?.extra)} style={card?.styles?.extra}>{extra}</div> : null}
        </div>
      </div>
    ) : null;
  return wrapCSSVar(
    <div className={classNames(prefixCls, card?.className, { [`${prefixCls}-rtl`]: direction === 'rtl' }, className, hashId, cssVarCls)} style={card?.style}>
      {head}
      <div className={classNames(`${prefixCls}-body`, card?.classNames?.body)} style={{ ...card?.styles?.body, ...bodyStyle }}>
        {children}
      </div>
    </div>,
  );
}
