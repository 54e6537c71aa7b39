/** An object URL for a stored file (images are fetched with the bearer token, then shown). */
import { useQuery } from '@tanstack/react-query';
import { downloadBlob } from '../../api/files';
import { queryKeys } from '../../api/queryKeys';

/**
 * Object URL of `fileName`'s bytes, when `enabled`. Thumbnails and the viewer share one URL per
 * file through the query cache; it is not revoked while the tab lives (a later cache-removal hook
 * could do so), so keep this to the few images a form shows.
 */
export function useFileBlobUrl(fileName: string | undefined, enabled = true): string | undefined {
  const q = useQuery({
    queryKey: queryKeys.files.blob(fileName ?? ''),
    queryFn: async () => URL.createObjectURL(await downloadBlob(fileName as string, true)),
    enabled: !!fileName && enabled,
    staleTime: Infinity,
    gcTime: 60_000,
  });
  return q.data;
}

/** Saves a stored file to the user's disk under its own name. */
export async function saveStoredFile(fileName: string, name: string): Promise<void> {
  const url = URL.createObjectURL(await downloadBlob(fileName));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
