/** Every 3 minutes while the page is visible, re-reads the home page and offers a reload on a new version. */
import { useFeedback } from '../../feedback/useFeedback';
import { useEffect, useRef } from 'react';
import { request } from '../../api/http';
import { appScriptName, loadedScriptName, VERSION_CHECK_MS } from '../../controllers/versionCheck';

/** Renders nothing. */
export function VersionPrompt() {
  const { modal } = useFeedback();
  const showing = useRef(false);
  useEffect(() => {
    const loaded = loadedScriptName();
    if (!loaded) return; // the dev server serves no hashed bundle
    let timer: number | undefined;
    const check = async () => {
      if (document.hidden || showing.current) return;
      const html = await request<string>({ url: '/', noPrefix: true, isToken: false }).catch(() => '');
      const served = appScriptName(html);
      if (!served || served === loaded) return;
      showing.current = true;
      modal.confirm({
        title: '发现新版本',
        content: '系统已更新，是否立即升级到新版本？',
        okText: '立即升级',
        cancelText: '稍后提醒',
        onOk: () => window.location.reload(),
        onCancel: () => {
          showing.current = false;
        },
      });
    };
    const start = () => {
      window.clearInterval(timer);
      if (!document.hidden) timer = window.setInterval(check, VERSION_CHECK_MS);
    };
    start();
    document.addEventListener('visibilitychange', start);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', start);
    };
  }, [modal]);
  return null;
}
