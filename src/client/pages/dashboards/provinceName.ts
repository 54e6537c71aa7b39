/**
 * A province's name as the China map names its region (ADR 1062): the map's regions carry short
 * names (浙江, 内蒙古, 香港) while forms and the country's division list use full ones (浙江省,
 * 内蒙古自治区, 香港特别行政区). Pure, so the map's matching is tested without a chart.
 */

/** Full suffixes of province-level names, longest first so 维吾尔自治区 is cut before 自治区. */
const SUFFIXES = ['壮族自治区', '回族自治区', '维吾尔自治区', '特别行政区', '自治区', '省', '市'];

/** The map's region name of a province name (full or short); an unknown name comes back trimmed. */
export function provinceName(name: string): string {
  const n = name.trim();
  if (n.startsWith('内蒙古')) return '内蒙古';
  if (n.startsWith('西藏')) return '西藏';
  for (const s of SUFFIXES) if (n.length > s.length + 1 && n.endsWith(s)) return n.slice(0, -s.length);
  return n;
}
