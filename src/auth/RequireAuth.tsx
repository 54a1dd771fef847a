import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Loading } from '../layout/Loading.tsx';
import { useAuth } from './auth-context.ts';

/**
 * Route guard (docs/requirements.md#routes): renders its children for a signed-in student, the Loading
 * view while the start-up check runs, and otherwise redirects to /login.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  if (status === 'loading') return <Loading />;
  if (!user) return <Navigate to="/login" replace />;
  return children;
}
