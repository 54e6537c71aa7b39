/**
 * The Leaflet map of a position field (spec 02 §2.5), used only when a tile source is configured.
 * Leaflet is driven directly from effects (docs/adr/0605-leaflet-position-map.md): the map is made
 * once per tile configuration, and the marker or boxes are redrawn from the text value, which stays
 * the single source of truth — the map only ever proposes a new text through `onChange`.
 */
import { useEffect, useRef, useState } from 'react';
import { AutoComplete, Button, Input } from 'antd';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { searchPlaces } from '../../api/mapSearch';
import { searchRequestUrl, SEARCH_COUNT, type MapTileConfig } from '../../../shared/mapConfig';
import { gcj02ToWgs84, wgs84ToGcj02 } from '../../../shared/format/gcj02';
import {
  BOX_ZOOM,
  MAP_CENTRE,
  MAP_ZOOM,
  SEARCH_DEBOUNCE_MS,
  boxAround,
  boxCentre,
  formatBoxes,
  formatPoint,
  moveBox,
  normaliseBox,
  parseBoxes,
  parsePoint,
  placesFrom,
  type Box,
  type LonLat,
  type Place,
} from './positionValue';
import './positionMap.css';

export interface PositionMapProps {
  tiles: MapTileConfig;
  mode: 'point' | 'area';
  value: string | null;
  onChange?: (value: string | null) => void;
  /** false: detail / disabled — the map shows the value and can be panned, nothing else. */
  editable: boolean;
  /** Geocoding template; null: no search box. */
  searchUrl?: string | null;
}

// Leaflet finds its default icon through a CSS url the bundler renames, so the images are imported.
const markerIcon = L.icon({ iconUrl, iconRetinaUrl, shadowUrl, iconSize: [25, 41], iconAnchor: [12, 41], tooltipAnchor: [16, -28], shadowSize: [41, 41] });
const handleIcon = (kind: 'corner' | 'move') => L.divIcon({ className: `fw-map-handle fw-map-handle-${kind}`, iconSize: [12, 12] });

/** The tile template's scheme and host as the browser reports blocked URLs (without `{s}`). */
function tileOrigin(template: string): string | null {
  const m = /^(https?:\/\/)(\{s\}\.)?([^/?#]+)/i.exec(template);
  return m ? (m[2] ? null : `${m[1]}${m[3]}`.toLowerCase()) : null;
}

/**
 * Between stored positions (WGS84) and the map's drawing: GCJ-02 tiles (spec 02 §9) draw a
 * WGS84 point a few hundred metres off, so it is shifted on the way in and back on the way out.
 */
interface Datum {
  latLng(p: LonLat): L.LatLng;
  lonLat(p: L.LatLng): LonLat;
}
const WGS84: Datum = { latLng: ([lon, lat]) => L.latLng(lat, lon), lonLat: (p) => [p.lng, p.lat] };
const GCJ02: Datum = {
  latLng: (p) => WGS84.latLng(wgs84ToGcj02(p)),
  lonLat: (p) => gcj02ToWgs84(WGS84.lonLat(p)),
};
/** The datum of a tile configuration. */
const datumOf = (tiles: MapTileConfig): Datum => (tiles.gcj02 ? GCJ02 : WGS84);

/** The map view for a value: centred on the point (zoom 12) or the boxes (zoom 15 at most). */
function showValue(map: L.Map, d: Datum, mode: 'point' | 'area', value: string | null, onlyIfHidden: boolean): void {
  const latLng = d.latLng;
  const boundsOf = (b: Box) => L.latLngBounds(latLng(b.sw), latLng(b.ne));
  if (mode === 'point') {
    const p = parsePoint(value);
    if (!p || (onlyIfHidden && map.getBounds().contains(latLng(p)))) return;
    map.setView(latLng(p), onlyIfHidden ? map.getZoom() : MAP_ZOOM);
    return;
  }
  const boxes = parseBoxes(value);
  if (!boxes?.length) return;
  const all = boxes.reduce((acc, b) => acc.extend(boundsOf(b)), boundsOf(boxes[0]));
  if (onlyIfHidden && map.getBounds().contains(all)) return;
  if (boxes.length === 1) map.setView(latLng(boxCentre(boxes[0])), BOX_ZOOM);
  else map.fitBounds(all, { maxZoom: BOX_ZOOM, padding: [16, 16] });
}

export default function PositionMap(props: PositionMapProps) {
  const { tiles, mode, value, editable, searchUrl } = props;
  const datum = datumOf(tiles);
  const { latLng, lonLat } = datum;
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layerRef = useRef<L.LayerGroup | null>(null);
  // Leaflet's handlers are bound once; they read the current props through this ref.
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });
  const [selected, setSelected] = useState<number | null>(null);
  // Tiles of a host this page's CSP predates (configured after the page was loaded) are refused.
  const [refused, setRefused] = useState(false);
  const boxes = mode === 'area' ? (parseBoxes(value) ?? []) : [];
  const chosen = selected !== null && selected < boxes.length ? selected : null;

  useEffect(() => {
    const { latLng, lonLat } = datum;
    const el = container.current;
    if (!el) return undefined;
    const map = L.map(el, { center: latLng(MAP_CENTRE), zoom: MAP_ZOOM, maxZoom: tiles.maxZoom });
    L.tileLayer(tiles.url, { maxZoom: tiles.maxZoom, attribution: tiles.attributionHtml }).addTo(map);
    layerRef.current = L.layerGroup().addTo(map);
    mapRef.current = map;
    showValue(map, datum, latest.current.mode, latest.current.value, false);
    map.on('click', (e: L.LeafletMouseEvent) => {
      const p = latest.current;
      if (!p.editable || !p.onChange) return;
      if (p.mode === 'point') {
        p.onChange(formatPoint(lonLat(e.latlng)));
      } else {
        const current = parseBoxes(p.value) ?? [];
        p.onChange(formatBoxes([...current, boxAround(lonLat(e.latlng))]));
        setSelected(current.length);
      }
    });
    // Inside tabs, drawers and grids the container may be sized after the map was made.
    const resize = new ResizeObserver(() => map.invalidateSize());
    resize.observe(el);
    const origin = tileOrigin(tiles.url);
    const onViolation = (e: SecurityPolicyViolationEvent) => {
      if (origin && e.blockedURI.startsWith(origin)) setRefused(true);
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    return () => {
      document.removeEventListener('securitypolicyviolation', onViolation);
      resize.disconnect();
      map.remove();
      mapRef.current = null;
      layerRef.current = null;
    };
  }, [tiles.url, tiles.maxZoom, tiles.attributionHtml, datum]);

  // A value typed (or loaded) elsewhere: bring it into view once it settles, so typing
  // `116.39,39.9` does not fly the map past `116.39,3` on the way.
  useEffect(() => {
    const timer = setTimeout(() => {
      if (mapRef.current) showValue(mapRef.current, datum, mode, value, true);
    }, 300);
    return () => clearTimeout(timer);
  }, [mode, value, datum]);

  useEffect(() => {
    const { latLng, lonLat } = datum;
    const boundsOf = (b: Box) => L.latLngBounds(latLng(b.sw), latLng(b.ne));
    const layer = layerRef.current;
    if (!layer) return;
    layer.clearLayers();
    const commit = (text: string | null) => latest.current.onChange?.(text);
    if (mode === 'point') {
      const p = parsePoint(value);
      if (!p) return;
      const marker = L.marker(latLng(p), { icon: markerIcon, draggable: editable, title: formatPoint(p), alt: '位置标记', autoPan: true });
      marker.on('dragend', () => commit(formatPoint(lonLat(marker.getLatLng()))));
      layer.addLayer(marker);
      return;
    }
    const current = parseBoxes(value) ?? [];
    current.forEach((box, i) => {
      const isChosen = editable && i === chosen;
      const rect = L.rectangle(boundsOf(box), { color: isChosen ? '#fa541c' : '#1677ff', weight: 2, fillOpacity: 0.15 });
      if (editable) {
        rect.on('click', (e: L.LeafletMouseEvent) => {
          L.DomEvent.stopPropagation(e);
          setSelected(i);
        });
      }
      layer.addLayer(rect);
      if (!isChosen) return;
      // The chosen box: corner handles resize it, the centre handle moves it; the text changes on release.
      let draft: Box = box;
      const replace = (next: Box) => commit(formatBoxes(current.map((b, j) => (j === i ? next : b))));
      const sw = L.marker(latLng(box.sw), { icon: handleIcon('corner'), draggable: true, title: '拖动调整区域', keyboard: false });
      const ne = L.marker(latLng(box.ne), { icon: handleIcon('corner'), draggable: true, title: '拖动调整区域', keyboard: false });
      const move = L.marker(latLng(boxCentre(box)), { icon: handleIcon('move'), draggable: true, title: '拖动移动区域', keyboard: false });
      const redraw = () => {
        rect.setBounds(boundsOf(draft));
        move.setLatLng(latLng(boxCentre(draft)));
      };
      sw.on('drag', () => {
        draft = normaliseBox(lonLat(sw.getLatLng()), lonLat(ne.getLatLng()));
        redraw();
      });
      ne.on('drag', () => {
        draft = normaliseBox(lonLat(sw.getLatLng()), lonLat(ne.getLatLng()));
        redraw();
      });
      move.on('drag', () => {
        draft = moveBox(draft, lonLat(move.getLatLng()));
        rect.setBounds(boundsOf(draft));
        sw.setLatLng(latLng(draft.sw));
        ne.setLatLng(latLng(draft.ne));
      });
      for (const handle of [sw, ne, move]) {
        handle.on('dragend', () => replace(draft));
        layer.addLayer(handle);
      }
    });
  }, [mode, value, editable, chosen, tiles.url, tiles.maxZoom, tiles.attributionHtml, datum]);

  const addBoxAtCentre = () => {
    const map = mapRef.current;
    if (!map) return;
    props.onChange?.(formatBoxes([...boxes, boxAround(lonLat(map.getCenter()))]));
    setSelected(boxes.length);
  };
  const removeChosen = () => {
    if (chosen === null) return;
    props.onChange?.(formatBoxes(boxes.filter((_, i) => i !== chosen)));
    setSelected(null);
  };
  const goTo = (place: Place) => {
    const map = mapRef.current;
    // The geocoder answers in the tiles' datum; the value is WGS84.
    const at: LonLat = tiles.gcj02 ? gcj02ToWgs84([place.lon, place.lat]) : [place.lon, place.lat];
    if (mode === 'point') {
      props.onChange?.(formatPoint(at));
      map?.setView(latLng(at), Math.max(map.getZoom(), MAP_ZOOM));
    } else {
      props.onChange?.(formatBoxes([...boxes, boxAround(at)]));
      setSelected(boxes.length);
      map?.setView(latLng(at), BOX_ZOOM);
    }
  };

  return (
    <div className="fw-position-map-wrap">
      {editable ? (
        <div className="fw-position-map-bar">
          {searchUrl ? <PlaceSearch template={searchUrl} onPick={goTo} /> : null}
          {mode === 'area' ? (
            <>
              <Button size="small" onClick={addBoxAtCentre}>添加区域</Button>
              <Button size="small" danger disabled={chosen === null} onClick={removeChosen}>删除区域</Button>
              <span className="fw-position-map-hint">点击地图添加区域，点击区域后拖动角点调整大小、拖动中心点移动</span>
            </>
          ) : (
            <span className="fw-position-map-hint">点击地图或拖动标记设置位置</span>
          )}
        </div>
      ) : null}
      <div ref={container} className={editable ? 'fw-position-map' : 'fw-position-map fw-position-map-readonly'} data-testid="position-map" />
      {refused ? <div className="fw-position-map-hint">地图服务地址已更改，请刷新页面后查看地图</div> : null}
    </div>
  );
}

/** Keyword search against the configured geocoder: 200 ms debounce, 10 places, China bounds. */
function PlaceSearch({ template, onPick }: { template: string; onPick: (place: Place) => void }) {
  const [places, setPlaces] = useState<Place[]>([]);
  const [failed, setFailed] = useState(false);
  const [text, setText] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Answers can arrive out of order; only the latest keyword's answer is shown.
  const latestSearch = useRef(0);
  useEffect(() => () => clearTimeout(timer.current), []);
  const search = (keyword: string) => {
    setText(keyword);
    clearTimeout(timer.current);
    const seq = ++latestSearch.current;
    if (!keyword.trim()) {
      setPlaces([]);
      setFailed(false);
      return;
    }
    timer.current = setTimeout(() => {
      searchPlaces(searchRequestUrl(template, keyword.trim(), SEARCH_COUNT))
        .then((answer) => {
          if (seq !== latestSearch.current) return;
          setPlaces(placesFrom(answer, SEARCH_COUNT));
          setFailed(false);
        })
        .catch(() => {
          if (seq !== latestSearch.current) return;
          setPlaces([]);
          setFailed(true);
        });
    }, SEARCH_DEBOUNCE_MS);
  };
  return (
    <AutoComplete
      style={{ width: 260 }}
      value={text}
      options={places.map((p, i) => ({ value: String(i), label: p.name }))}
      onSearch={search}
      onSelect={(v: string) => {
        const place = places[Number(v)];
        if (!place) return;
        setText(place.name);
        onPick(place);
      }}
      notFoundContent={text.trim() ? (failed ? '地点搜索失败' : '无匹配地点') : null}
    >
      <Input.Search size="small" placeholder="搜索地点" aria-label="搜索地点" allowClear />
    </AutoComplete>
  );
}
