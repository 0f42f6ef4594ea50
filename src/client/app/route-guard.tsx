import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../session/session';

/**
 * Who may open a route (spec 000 §2): public; signed-out-only (a signed-in visitor is sent to
 * /login); the sign-in page (a signed-in user goes on to where they were heading, or /); and
 * everything else, which needs a signed-in user.
 */
export type Access = 'public' | 'signed-out' | 'login' | 'user';

interface FromState {
  from?: string;
}

export function RouteGuard({ access, children }: { access: Access; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (access === 'user' && !session) {
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` } satisfies FromState} />;
  }
  if (access === 'signed-out' && session) return <Navigate to="/login" replace />;
  if (access === 'login' && session) {
    const from = (location.state as FromState | null)?.from;
    return <Navigate to={from && from.startsWith('/') && !from.startsWith('//') ? from : '/'} replace />;
  }
  return children;
}
