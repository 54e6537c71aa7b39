/** Asks before leaving with unsaved changes: the browser's own prompt on unload, and on back / forward within the app. */
import { useEffect } from 'react';

/** Unsaved-changes question. */
export const LEAVE_TEXT = '表单设计有未保存的修改，确定离开吗？';

/** Guards while `dirty`. */
export function useLeaveGuard(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const onUnload = (e: BeforeUnloadEvent) => { e.preventDefault(); e.returnValue = LEAVE_TEXT; return LEAVE_TEXT; };
    // Back / forward: put the designer's entry back unless the user agrees to leave.
    const here = window.location.href;
    window.history.pushState({ fwDesignerGuard: true }, '', here);
    const onPop = () => {
      if (window.confirm(LEAVE_TEXT)) { window.removeEventListener('popstate', onPop); window.history.back(); }
      else window.history.pushState({ fwDesignerGuard: true }, '', here);
    };
    window.addEventListener('beforeunload', onUnload);
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('beforeunload', onUnload);
      window.removeEventListener('popstate', onPop);
    };
  }, [dirty]);
}
