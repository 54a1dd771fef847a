import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { homePathFor } from '../api/endpoints.ts';
import { Loading } from '../layout/Loading.tsx';
import { useAuth } from './auth-context.ts';

/**
 * Who may pass a {@link RequireAuth}: any signed-in user (the student pages), staff (a facilitator or an
 * admin: the console), or an admin only (the console's admin page).
 */
type Audience = 'signed-in' | 'staff' | 'admin';

/**
 * Route guard (docs/requirements.md#routes): renders its children for a signed-in user, the Loading
 * view while the start-up check runs, and otherwise redirects to /login. With `audience` "staff", a
 * student is sent to `/`; with "admin", a student to `/` and a facilitator to `/facilitator`
 * (docs/decisions/009-facilitator-console.md).
 */
export function RequireAuth({ audience = 'signed-in', children }: { audience?: Audience; children: ReactNode }) {
  const { status, user } = useAuth();
  if (status === 'loading') return <Loading />;
  if (!user) return <Navigate to="/login" replace />;
  if ((audience === 'staff' && user.role === 'student') || (audience === 'admin' && user.role !== 'admin')) return <Navigate to={homePathFor(user.role)} replace />;
  return children;
}
