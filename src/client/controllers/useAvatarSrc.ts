/**
 * The `src` for a user's avatar. The server stores avatars as `/api/common/download?fileName=…`,
 * which needs the bearer token that a plain <img src> cannot send: such a picture is fetched as a
 * blob through the HTTP client and shown through an object URL, revoked when no longer shown.
 * Other addresses (a full http(s) or data: URL) are used as they are, so no token leaves the site.
 */
import { useEffect, useState } from 'react';
import { downloadBlob, downloadKeyOf } from '../api/files';

/** Displayable address of `avatar`, or undefined while loading, when empty or when it failed. */
export function useAvatarSrc(avatar: string | null | undefined): string | undefined {
  const key = avatar ? downloadKeyOf(avatar) : undefined;
  const [blobSrc, setBlobSrc] = useState<string>();
  useEffect(() => {
    setBlobSrc(undefined);
    if (!key) return undefined;
    let live = true;
    let objectUrl: string | undefined;
    downloadBlob(key, true)
      .then((blob) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(blob);
        setBlobSrc(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [key]);
  if (!avatar) return undefined;
  return key ? blobSrc : avatar;
}
