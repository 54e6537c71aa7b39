/**
 * antd 5's `isBright` (antd/es/color-picker/components/ColorPresets.js), the one export its button
 * styles take from that module. vite.config.ts points the button style's import here: the module
 * itself is the colour picker's presets panel, which imports `Collapse`, and since the layout
 * settings drawer's `ColorPicker` uses it too, the panel, antd `Collapse` and rc-collapse went into
 * the chunk every signed-in page loads (issue 15, goal 6; ADR 0408). Same code as antd 5.29.
 */
import { Color as RcColor } from '@rc-component/color-picker';
import type { AggregationColor } from 'antd/es/color-picker/color';

export const isBright = (value: AggregationColor, bgColorToken: string): boolean => {
  const { r, g, b, a } = value.toRgb();
  const hsv = new RcColor(value.toRgbString()).onBackground(bgColorToken).toHsv();
  if (a <= 0.5) {
    // Adapted to dark mode
    return hsv.v > 0.5;
  }
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
};
