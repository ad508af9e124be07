import { Navigate, Outlet, useLocation } from 'react-router';
import { LOGIN_PATH, requireLogin } from '@/lib/session';
import { useToken } from '@/lib/use-session';

/** The guard of the signed-in pages: without a session, the login page (which then leads back
 *  here). It loads with the app; the signed-in shell under it loads only with a session. */
export function RequireSession() {
  const token = useToken();
  const location = useLocation();
  if (!token) {
    requireLogin();
    return <Navigate to={LOGIN_PATH} replace state={{ from: location }} />;
  }
  return <Outlet />;
}
