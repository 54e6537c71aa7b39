/**
 * position: the text input of `lon,lat`, or boxes `swLon,swLat;neLon,neLat` joined by '-', and —
 * only when the tenant configured a tile source (`sys.map.tile.url`) — a Leaflet map under it
 * that stays in sync with the text. Without a tile source nothing but the input is shown and no
 * map code is loaded.
 */
import { lazy, Suspense } from 'react';
import { connect, mapReadPretty } from '@formily/react';
import { Button, Input, Space, Typography } from 'antd';
import { useFeedback } from '../../feedback/useFeedback';
import { POSITION_PATTERN } from '../../../../schema-adapters/fieldTypes/special';
import { formatPoint } from './positionValue';
import { useMapConfig } from './useMapConfig';
import type { MapConfig } from '../../../shared/mapConfig';

// Leaflet (and its CSS) load only for tenants with a map.
const PositionMap = lazy(() => import('./PositionMap'));

type Mode = 'point' | 'area';

interface EditProps {
  value?: string | null;
  onChange?: (v: string | null) => void;
  mode?: Mode;
  placeholder?: string;
  disabled?: boolean;
  readOnly?: boolean;
}

/** `data-map` of the field's box: `loading` until the config is known, then `on` or `off`. */
function mapState(config: MapConfig | undefined): 'loading' | 'on' | 'off' {
  return config ? (config.tiles ? 'on' : 'off') : 'loading';
}

function MapBelow({ config, mode, value, onChange, editable }: { config: MapConfig | undefined; mode: Mode; value: string | null; onChange?: (v: string | null) => void; editable: boolean }) {
  if (!config?.tiles) return null;
  return (
    <Suspense fallback={null}>
      <PositionMap tiles={config.tiles} searchUrl={config.searchUrl} mode={mode} value={value} onChange={onChange} editable={editable} />
    </Suspense>
  );
}

function PositionEdit(props: EditProps) {
  const { message } = useFeedback();
  const config = useMapConfig();
  const mode: Mode = props.mode === 'area' ? 'area' : 'point';
  const bad = !!props.value && !POSITION_PATTERN.test(props.value);
  const editable = !props.disabled && !props.readOnly;
  const locate = () => {
    if (!navigator.geolocation) {
      message.warning('获取位置信息失败请手动选择');
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (p) => props.onChange?.(formatPoint([p.coords.longitude, p.coords.latitude])),
      () => message.warning('获取位置信息失败请手动选择'),
      { timeout: 10_000 },
    );
  };
  return (
    <div className="fw-position" data-map={mapState(config)}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          value={props.value ?? ''}
          disabled={props.disabled}
          readOnly={props.readOnly}
          status={bad ? 'error' : undefined}
          placeholder={props.placeholder ?? (mode === 'area' ? '西南经度,西南纬度;东北经度,东北纬度' : '经度,纬度')}
          onChange={(e) => props.onChange?.(e.target.value.trim() || null)}
        />
        {mode !== 'area' ? (
          <Button disabled={!editable} onClick={locate}>
            定位
          </Button>
        ) : null}
      </Space.Compact>
      {bad ? (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          坐标格式应为“经度,纬度”
        </Typography.Text>
      ) : null}
      <MapBelow config={config} mode={mode} value={props.value ?? null} onChange={props.onChange} editable={editable} />
    </div>
  );
}

function PositionPretty({ value, mode }: { value?: string | null; mode?: Mode }) {
  const config = useMapConfig();
  if (!value) return <span className="fw-empty-text">-</span>;
  return (
    <div className="fw-position" data-map={mapState(config)}>
      <span>{value}</span>
      <MapBelow config={config} mode={mode === 'area' ? 'area' : 'point'} value={value} editable={false} />
    </div>
  );
}

/** position: `lon,lat`, or boxes `swLon,swLat;neLon,neLat` joined by '-'; a map when configured. */
export const PositionInput = connect(PositionEdit, mapReadPretty(PositionPretty));
