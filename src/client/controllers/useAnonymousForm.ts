/**
 * An anonymous form's page logic (issue 32 item 5): the fillable fields, a captcha, and a submit
 * that answers the server's message. Plain requests: the page lives outside the signed-in shell.
 */
import { useCallback, useEffect, useState } from 'react';
import { getAnonymousCaptcha, getAnonymousForm, submitAnonymousForm, type AnonymousFieldDef } from '../api/publicAccess';

export type AnonymousFormState =
  | { kind: 'loading' }
  | { kind: 'closed'; message: string }
  | { kind: 'open'; cnName: string; tenantName: string; fields: AnonymousFieldDef[] };

/** Loads `form` of `tenantCode`; `submit` sends values and captcha answer and resolves to an error text or null. */
export function useAnonymousForm(form: string, tenantCode: string) {
  const [state, setState] = useState<AnonymousFormState>({ kind: 'loading' });
  const [captcha, setCaptcha] = useState<{ uuid: string; img: string } | null>(null);
  const [round, setRound] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    let live = true;
    getAnonymousForm(form, tenantCode)
      .then((res) => live && setState({ kind: 'open', ...res.data }))
      .catch((err: Error) => live && setState({ kind: 'closed', message: err.message }));
    return () => {
      live = false;
    };
  }, [form, tenantCode]);

  const open = state.kind === 'open';
  useEffect(() => {
    if (!open || done) return;
    let live = true;
    getAnonymousCaptcha(form, tenantCode).then((res) => live && setCaptcha(res.data), () => undefined);
    return () => {
      live = false;
    };
  }, [form, tenantCode, open, round, done]);
  const refreshCaptcha = useCallback(() => setRound((n) => n + 1), []);

  const submit = useCallback(
    async (data: Record<string, unknown>, code: string): Promise<string | null> => {
      if (!captcha) return '验证码加载中，请稍候';
      setSubmitting(true);
      try {
        await submitAnonymousForm(form, tenantCode, { data, code, uuid: captcha.uuid });
        setDone(true);
        return null;
      } catch (err) {
        // A captcha is one use: a refused submission needs a new one.
        refreshCaptcha();
        return (err as Error).message;
      } finally {
        setSubmitting(false);
      }
    },
    [captcha, form, refreshCaptcha, tenantCode],
  );

  const again = useCallback(() => {
    setDone(false);
    refreshCaptcha();
  }, [refreshCaptcha]);

  return { state, captchaImage: captcha?.img ?? null, refreshCaptcha, submit, submitting, done, again };
}
