/**
 * The system config keys the upload widget reads (spec 02 §3, §5; docs/form-pages.md "Upload
 * widget"), turned into plain settings. Pure: `useUploadSettings.ts` fetches the values.
 */

/** Config keys: the spec's where it names them, our own (`sys.upload.camera.*`, `sys.file.preview.*`) where it does not. */
export const UPLOAD_CONFIG_KEYS = {
  maxSize: 'sys.upload.maxSize',
  camera: 'sys.upload.enable.camera',
  drag: 'sys.enable.drag.upload',
  cameraUrl: 'sys.upload.camera.url',
  cameraDriver: 'sys.upload.camera.driver',
  previewWay: 'sys.file.preview.way',
  previewUrl: 'sys.file.preview.microsoft.url',
  obs: 'sys.enable.obs',
  /** Spec 02 §2.5: the image viewer loops from the last image to the first unless this is 'false'. */
  previewLoop: 'sys.preview.img.loop',
} as const;

/** The Microsoft online viewer; `{url}` is replaced by the encoded absolute file URL. */
export const MICROSOFT_VIEWER = 'https://view.officeapps.live.com/op/view.aspx?src={url}';

/** What the widget does, from the config. */
export interface UploadSettings {
  maxSizeMb?: number;
  /** 选择上传方式 offers 高拍仪 (spec 02 §5: `sys.upload.enable.camera` equal to "true"). */
  cameraEnabled: boolean;
  /** 拖拽上传 (`sys.enable.drag.upload`). */
  dragEnabled: boolean;
  /** The local camera service's origin (`http://127.0.0.1:38088`), or null when none is configured or it is not an http(s) URL. */
  cameraUrl: string | null;
  /** The camera driver's download link shown in 选择上传方式, or null. */
  cameraDriverUrl: string | null;
  /** `builtin` (`/online-preview`, the default) or `microsoft` (the online viewer URL form). */
  previewWay: 'builtin' | 'microsoft';
  previewUrlTemplate: string;
  /** obsUrl preferred over url for file links (`sys.enable.obs`). */
  preferObs: boolean;
  /** The image viewer loops (`sys.preview.img.loop` not 'false'). */
  previewLoop: boolean;
}

const on = (v: string | undefined) => v === 'true';

/** An http(s) origin-with-path without a trailing slash, or null. */
export function cleanServiceUrl(raw: string | undefined): string | null {
  const text = raw?.trim();
  if (!text) return null;
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return null;
  }
}

/** The settings of a config map (missing keys → defaults). */
export function uploadSettings(config: Record<string, string | undefined>): UploadSettings {
  const n = Number(config[UPLOAD_CONFIG_KEYS.maxSize]);
  const driver = config[UPLOAD_CONFIG_KEYS.cameraDriver]?.trim();
  const template = config[UPLOAD_CONFIG_KEYS.previewUrl]?.trim();
  return {
    maxSizeMb: Number.isFinite(n) && n > 0 ? n : undefined,
    cameraEnabled: on(config[UPLOAD_CONFIG_KEYS.camera]),
    dragEnabled: on(config[UPLOAD_CONFIG_KEYS.drag]),
    cameraUrl: cleanServiceUrl(config[UPLOAD_CONFIG_KEYS.cameraUrl]),
    cameraDriverUrl: driver && /^(https?:\/\/|\/)/.test(driver) ? driver : null,
    previewWay: /^(microsoft|ms|office)$/i.test(config[UPLOAD_CONFIG_KEYS.previewWay]?.trim() ?? '') ? 'microsoft' : 'builtin',
    previewUrlTemplate: template && /^https:\/\/.+\{url\}/.test(template) ? template : MICROSOFT_VIEWER,
    preferObs: on(config[UPLOAD_CONFIG_KEYS.obs]),
    previewLoop: config[UPLOAD_CONFIG_KEYS.previewLoop]?.trim() !== 'false',
  };
}
