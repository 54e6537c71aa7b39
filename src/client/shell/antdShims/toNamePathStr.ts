/**
 * antd 5's `toNamePathStr` (antd/es/form/hooks/useForm.js), the one export antd's `Radio.Group`
 * takes from antd Form's `useForm` module. vite.config.ts points the radio group's import here:
 * that module imports rc-field-form's form store and scroll-into-view, and since the pages that do
 * use antd `Form` share it, they went into the chunk of every page showing a radio group
 * (≈ 7 KB gzip; issue 15, goal 6; ADR 0408). Same code as antd 5.29.
 */
import { toArray } from 'antd/es/form/util';

export function toNamePathStr(name: Parameters<typeof toArray>[0]): string {
  return toArray(name).join('_');
}
