/**
 * Read-only rich text (views, print preview on screen): every file-store `<img>` inside `root`
 * is shown through an authenticated fetch (storedImageSrc.ts). Runs again when `html` changes.
 */
import { useEffect } from 'react';
import { showStoredImage } from './storedImageSrc';

/** Rewrites file-store images under `root` to object URLs while mounted. */
export function useStoredImages(root: HTMLElement | null, html: string | null | undefined): void {
  useEffect(() => {
    if (!root) return;
    const cleanups = [...root.querySelectorAll('img')]
      .filter((img) => img.dataset.fwStored !== 'done')
      .map((img) => {
        img.dataset.fwStored = 'done';
        return showStoredImage(img, img.getAttribute('src') ?? '');
      });
    return () => cleanups.forEach((c) => c());
  }, [root, html]);
}
