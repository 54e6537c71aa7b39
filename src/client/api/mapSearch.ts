/** The position map's keyword search: a GET on the geocoder the tenant configured (`sys.map.search.url`). */
import { request } from './http';

/**
 * The geocoder's answer, parsed (JSON or GeoJSON text). No bearer token: the geocoder is another
 * host and must never see the user's token. Silent: the search box says a failure itself.
 */
export async function searchPlaces(url: string): Promise<unknown> {
  const answer = await request<unknown>({ url, isToken: false, silent: true, timeout: 10_000, headers: { Accept: 'application/json' } });
  if (typeof answer !== 'string') return answer;
  try {
    return JSON.parse(answer);
  } catch {
    return null;
  }
}
