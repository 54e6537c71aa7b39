/** The upload widget's settings from the tenant's system config (fetched once a minute at most). */
import { useQuery } from '@tanstack/react-query';
import { getConfigKeys } from '../../api/configs';
import { queryKeys } from '../../api/queryKeys';
import { getTenantCode } from '../../session/cookies';
import { UPLOAD_CONFIG_KEYS, uploadSettings, type UploadSettings } from './uploadSettings';

const KEYS: string[] = Object.values(UPLOAD_CONFIG_KEYS);

/**
 * The settings; the defaults (plain upload, built-in preview) until the config has arrived or when
 * it fails. `ready` is false while the first answer is on its way: 上传文件 waits for it, or a click
 * on a page just opened would skip 选择上传方式 / 拖拽上传 and open the file chooser directly.
 */
export function useUploadSettings(): UploadSettings & { ready: boolean } {
  const tenant = getTenantCode();
  const q = useQuery({
    queryKey: queryKeys.publicConfig(tenant, KEYS),
    queryFn: () => getConfigKeys(KEYS, tenant),
    staleTime: 60_000,
  });
  return { ...uploadSettings((q.data?.data ?? {}) as Record<string, string>), ready: !q.isPending };
}
