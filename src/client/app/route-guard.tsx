import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import LinearProgress from '@mui/material/LinearProgress';
import { useSession } from '../session/session';
import { usePermissionFlags } from '../session/use-menu';
import { refusal, type Audience } from './audience';
import { RouteRefusal } from './route-refusal';
import { useT } from '../i18n';

/**
 * Who may open a route (spec 000 §2): public; signed-out-only (a signed-in visitor is sent to
 * /login); the sign-in page (a signed-in user goes on to where they were heading, or /); and
 * everything else, which needs a signed-in user.
 */
export type Access = 'public' | 'signed-out' | 'login' | 'user';

interface FromState {
  from?: string;
}

export function RouteGuard({
  access,
  audience,
  children,
}: {
  access: Access;
  audience?: Audience;
  children: ReactNode;
}) {
  const session = useSession();
  const location = useLocation();
  const flags = usePermissionFlags();
  const t = useT();
  if (access === 'user' && !session) {
    return (
      <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` } satisfies FromState} />
    );
  }
  if (access === 'user' && session && audience) {
    const reason = refusal(audience, session.user, flags, t);
    if (reason === 'pending') return <LinearProgress aria-label={t('shell.loading_permissions')} />;
    if (reason) return <RouteRefusal reason={reason} />;
  }
  if (access === 'signed-out' && session) return <Navigate to="/login" replace />;
  if (access === 'login' && session) {
    const from = (location.state as FromState | null)?.from;
    return <Navigate to={from && from.startsWith('/') && !from.startsWith('//') ? from : '/'} replace />;
  }
  return children;
}
