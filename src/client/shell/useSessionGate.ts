/** The signed-in pages' login gate, shared by the shell and the full-screen statistics pages. */
import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { useFeedback } from '../feedback/useFeedback';
import { useLoginGate } from '../controllers/useLoginGate';

/** Loads the session (user, permissions, settings); one that cannot be loaded says why and goes to the root. Answers whether it is ready. */
export function useSessionGate(): boolean {
  const [, navigate] = useLocation();
  const { message } = useFeedback();
  const onFailed = useCallback(
    (text: string | undefined) => {
      if (text) void message.error(text);
      navigate('/', { replace: true });
    },
    [message, navigate],
  );
  return useLoginGate(onFailed).ready;
}
