/**
 * Rich-text image upload (spec 02 §5, §7, §8): `POST /api/common/upload` (multipart field `file`),
 * whose answer is accepted only when it is JSON carrying a string `url`. Failures are the spec's
 * own texts, 'HTTP Error: {status}' and 'Invalid JSON', so the editor shows what the spec names.
 * XMLHttpRequest (not fetch) like the other uploads in files.ts, with the session token.
 */
import { getToken } from '../session/cookies';

/** The spec's message for an answer that is not JSON with a string `url`. */
export const INVALID_JSON = 'Invalid JSON';

/** The spec's message for a non-2xx answer. */
export function httpErrorText(status: number): string {
  return `HTTP Error: ${status}`;
}

/** The image address in an upload answer, or throws an Error with the spec's message. */
export function parseRichTextUpload(status: number, body: string): string {
  if (status < 200 || status >= 300) throw new Error(httpErrorText(status));
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new Error(INVALID_JSON);
  }
  const url = json && typeof json === 'object' ? (json as { url?: unknown }).url : undefined;
  if (typeof url !== 'string' || !url) throw new Error(INVALID_JSON);
  return url;
}

/** Uploads one image for the rich-text editor; resolves its address in the file store. */
export function uploadRichTextImage(file: Blob, name: string, endpoint = '/api/common/upload'): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', endpoint);
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.onload = () => {
      try {
        resolve(parseRichTextUpload(xhr.status, xhr.responseText));
      } catch (e) {
        reject(e);
      }
    };
    // A transport failure has no status: the spec's HTTP error with status 0.
    xhr.onerror = () => reject(new Error(httpErrorText(xhr.status)));
    const form = new FormData();
    form.append('file', file, name);
    xhr.send(form);
  });
}
