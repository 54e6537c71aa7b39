/**
 * TipTap's image node with a node view of its own, so a file-store image (behind the session
 * token) shows in the editor through an object URL while the document keeps its address.
 */
import Image from '@tiptap/extension-image';
import { showStoredImage } from './storedImageSrc';

/** The editor's image extension. */
export const StoredImage = Image.extend({
  addNodeView() {
    return ({ node }) => {
      const img = document.createElement('img');
      if (node.attrs.alt) img.alt = String(node.attrs.alt);
      img.style.maxWidth = '100%';
      const cleanup = showStoredImage(img, String(node.attrs.src ?? ''));
      return { dom: img, destroy: cleanup, ignoreMutation: () => true };
    };
  },
});
