/**
 * antd `Typography.Title` / `Text` / `Link` as they render without ellipsis, copy or edit: the same
 * element, classes and styles, from antd's plain `Typography` wrapper. antd's `Typography` module
 * brings its ellipsis measuring, copy (copy-to-clipboard), edit box and tooltip with it (≈ 7 KB
 * gzip) to every form page for a group title and a few grey notes (issue 15, goal 6; ADR 0408).
 * Use antd's own `Typography` where those features are wanted.
 */
import classNames from 'classnames';
import { useContext, type AnchorHTMLAttributes, type ComponentType, type HTMLAttributes } from 'react';
import { ConfigContext } from 'antd/es/config-provider';
import AntdTypography from 'antd/es/typography/Typography';

// Its declared props leave out `component`, which the module takes (antd's Title, Text and Link pass it).
const Typography = AntdTypography as unknown as ComponentType<AnchorHTMLAttributes<HTMLElement> & { component: string }>;

type TextType = 'secondary' | 'success' | 'warning' | 'danger';

function useTypeClass(type: TextType | undefined, className: string | undefined) {
  const prefixCls = useContext(ConfigContext).getPrefixCls('typography');
  return classNames({ [`${prefixCls}-${type}`]: type }, className);
}

/** antd `Typography.Title` (`h1`–`h5`). */
export function Title({ level = 1, className, ...rest }: HTMLAttributes<HTMLHeadingElement> & { level?: 1 | 2 | 3 | 4 | 5 }) {
  return <Typography {...rest} component={`h${level}`} className={useTypeClass(undefined, className)} />;
}

/** antd `Typography.Text` (`span`). */
export function Text({ type, className, ...rest }: HTMLAttributes<HTMLSpanElement> & { type?: TextType }) {
  return <Typography {...rest} component="span" className={useTypeClass(type, className)} />;
}

/** antd `Typography.Link` (`a`). */
export function Link({ className, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  const rel = rest.rel === undefined && rest.target === '_blank' ? 'noopener noreferrer' : rest.rel;
  return <Typography {...rest} rel={rel} component="a" className={useTypeClass(undefined, className)} />;
}
