/** The 匿名填写 dialog's logic (issue 32 item 5): a form's setting, and saving it. */
import { useCallback, useEffect, useState } from 'react';
import { getAnonymousSetting, saveAnonymousSetting, type AnonymousSettingView } from '../api/publicAccess';

/** Loads the setting of `form` (when set) and saves changes; `save` resolves true when stored. */
export function useAnonymousSetting(form: string | undefined) {
  const [setting, setSetting] = useState<AnonymousSettingView | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setSetting(null);
    if (!form) return;
    let live = true;
    // A failed request has already been shown by the HTTP client.
    getAnonymousSetting(form).then((res) => live && setSetting(res.data), () => undefined);
    return () => {
      live = false;
    };
  }, [form]);

  const save = useCallback(
    async (body: { enabled: boolean; sysStatus: -1 | 1 }) => {
      if (!form) return false;
      setSaving(true);
      try {
        await saveAnonymousSetting(form, body);
        return true;
      } catch {
        return false;
      } finally {
        setSaving(false);
      }
    },
    [form],
  );

  return { setting, saving, save };
}
