/**
 * The surface a record page sits in: a title row (title, extra) over the body, drawn with the
 * theme's tokens like the list page's surface (ListPage.tsx). Not antd `Card`: its module imports
 * antd `Tabs` and `Skeleton` for `tabList` / `loading`, which no record page uses (≈ 14 KB gzip on
 * every add page's first load; ADR 0412). No antd class names or private styles: only public tokens.
 */
import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

export interface PageCardProps {
  title?: ReactNode;
  extra?: ReactNode;
  className?: string;
  /** Style of the body (its padding, say). */
  bodyStyle?: CSSProperties;
  children?: ReactNode;
}

/** A borderless page surface with an optional title row. */
export function PageCard({ title, extra, className, bodyStyle, children }: PageCardProps) {
  const { token } = theme.useToken();
  const surface: CSSProperties = { background: token.colorBgContainer, borderRadius: token.borderRadiusLG, boxShadow: token.boxShadowTertiary, color: token.colorText };
  const head: CSSProperties = {
    display: 'flex',
    alignItems: 'center',
    gap: token.marginXS,
    minHeight: 56,
    padding: `0 ${token.paddingLG}px`,
    borderBottom: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
    fontSize: token.fontSizeLG,
    fontWeight: token.fontWeightStrong,
    color: token.colorTextHeading,
  };
  return (
    <section className={className} style={surface}>
      {title || extra ? (
        <div style={head}>
          <div style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{title}</div>
          {extra ? <div style={{ fontSize: token.fontSize, fontWeight: 'normal', color: token.colorText }}>{extra}</div> : null}
        </div>
      ) : null}
      <div style={{ padding: token.paddingLG, ...bodyStyle }}>{children}</div>
    </section>
  );
}
