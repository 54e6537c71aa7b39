/**
 * Renders its children only for a user holding one of `perms` (spec 02 §6: elements requiring a
 * permission are removed when the user holds none of those listed). The server still checks
 * every call; this only keeps buttons a user cannot use off the screen.
 */
import type { ReactNode } from 'react';
import { hasPermission, sessionStore } from '../session/sessionStore';

export interface AuthorizedProps {
  perms: string[];
  children: ReactNode;
}

/** Whether the signed-in user holds one of the permissions (`*:*:*` holds all). */
export function useHasPermission(...perms: string[]): boolean {
  if (!perms.length) throw new Error('useHasPermission needs at least one permission');
  return sessionStore.use((s) => hasPermission(s, ...perms));
}

/** Children for users holding one of `perms`, nothing otherwise. */
export function Authorized({ perms, children }: AuthorizedProps) {
  return useHasPermission(...perms) ? <>{children}</> : null;
}
