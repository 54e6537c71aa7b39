/**
 * The 滚动公告 home module: the tenant's current announcements (spec 02 §7 /rollingAnnounce/list)
 * as a vertical ticker in an Alert — one line at a time, the next every few seconds, paused while
 * the pointer or focus is on it. With prefers-reduced-motion nothing moves: all lines are listed.
 * Holders of `system:announce:list` get a 管理 link to the administration dialog.
 */
import { SoundOutlined } from '@ant-design/icons';
import { Alert, Card, Empty, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { Announcement } from '../../api/home';
import { ANNOUNCE_PERMISSIONS, useAnnouncements } from '../../controllers/useHomeModules';
import { useHasPermission } from '../../routing/Authorized';
import { AnnounceAdmin } from './AnnounceAdmin';

const LINE = 22;
const INTERVAL_MS = 4000;
const REDUCED = '(prefers-reduced-motion: reduce)';

function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(() => typeof window.matchMedia === 'function' && window.matchMedia(REDUCED).matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(REDUCED);
    const change = () => setReduced(query.matches);
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return reduced;
}

function Ticker({ items }: { items: Announcement[] }) {
  const reduced = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (reduced || paused || items.length < 2) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % items.length), INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [reduced, paused, items.length]);
  const line = { height: LINE, lineHeight: `${LINE}px`, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;
  if (reduced || items.length < 2) {
    return (
      <div data-testid="announce-ticker">
        {items.map((a) => (
          <div key={a.id} style={line} title={a.content}>
            {a.content}
          </div>
        ))}
      </div>
    );
  }
  const shown = index % items.length;
  return (
    <div
      data-testid="announce-ticker"
      style={{ height: LINE, overflow: 'hidden' }}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      tabIndex={0}
      aria-label="滚动公告"
    >
      <div style={{ transform: `translateY(-${shown * LINE}px)`, transition: 'transform 0.5s ease' }}>
        {items.map((a, i) => (
          <div key={a.id} style={line} title={a.content} aria-hidden={i !== shown}>
            {a.content}
          </div>
        ))}
      </div>
    </div>
  );
}

/** The home module. */
export function AnnounceModule() {
  const { announcements, loaded } = useAnnouncements();
  const canManage = useHasPermission(ANNOUNCE_PERMISSIONS.list);
  const [adminOpen, setAdminOpen] = useState(false);
  return (
    <Card title="滚动公告" size="small" extra={canManage ? <Typography.Link onClick={() => setAdminOpen(true)}>管理</Typography.Link> : null}>
      {announcements.length ? (
        <Alert banner type="info" icon={<SoundOutlined />} showIcon message={<Ticker items={announcements} />} />
      ) : loaded ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无公告" />
      ) : null}
      {canManage ? <AnnounceAdmin open={adminOpen} onClose={() => setAdminOpen(false)} /> : null}
    </Card>
  );
}
