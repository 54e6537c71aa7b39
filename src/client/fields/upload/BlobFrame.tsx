/** A PDF (in the browser's PDF viewer) or an image from a blob, for the built-in viewer. */
import { useEffect, useState } from 'react';

/** The blob in a frame (`pdf`) or an img (`image`); its object URL lives as long as the component. */
export function BlobFrame({ blob, kind, name }: { blob: Blob; kind: 'pdf' | 'image'; name: string }) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    // The type is fixed here, so the frame shows the PDF viewer whatever the bytes claim to be.
    const u = URL.createObjectURL(new Blob([blob], { type: kind === 'pdf' ? 'application/pdf' : blob.type || 'image/png' }));
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [blob, kind]);
  if (!url) return null;
  return kind === 'pdf' ? (
    <iframe src={url} title={name} className="fw-preview-pdf" style={{ width: '100%', height: 'calc(100vh - 80px)', border: 0 }} />
  ) : (
    <img src={url} alt={name} style={{ maxWidth: '100%' }} />
  );
}
