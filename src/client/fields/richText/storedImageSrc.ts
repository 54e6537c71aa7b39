/**
 * Images of the file store are behind the session token, which an `<img>` cannot send: the
 * address is fetched with the token (downloadBlob) and shown through an object URL. The stored
 * HTML keeps the file-store address; only the element on screen gets the object URL.
 */
import { downloadBlob, downloadKeyOf } from '../../api/files';

/** Shows `src` in `img`: a file-store address through an authenticated fetch, anything else as is. Returns a cleanup. */
export function showStoredImage(img: HTMLImageElement, src: string): () => void {
  const key = downloadKeyOf(src);
  if (!key) {
    img.src = src;
    return () => {};
  }
  let objectUrl: string | null = null;
  let cancelled = false;
  downloadBlob(key, true).then(
    (blob) => {
      if (cancelled) return;
      objectUrl = URL.createObjectURL(blob);
      img.src = objectUrl;
    },
    () => { img.alt = img.alt || '加载失败'; },
  );
  return () => {
    cancelled = true;
    if (objectUrl) URL.revokeObjectURL(objectUrl);
  };
}
