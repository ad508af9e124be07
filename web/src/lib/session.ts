// The session in the browser: the bearer token, the admin-mode access token and the two flags
// the login page reads. 401 handling lives in the mutator and calls `expireSession`.

const TOKEN_KEY = 'portal.token';
const ACCESS_TOKEN_KEY = 'portal.access-token';
const SESSION_EXPIRED_KEY = 'portal.session-expired';
const LOGIN_REQUIRED_KEY = 'portal.login-required';

type Listener = () => void;
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener();
}

function read(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

function write(storage: Storage, key: string, value: string | null) {
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quotas): the session then lives in memory only.
  }
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOKEN_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function getToken(): string | null {
  return read(localStorage, TOKEN_KEY) || null;
}

// Set by an intentional logout so that leaving the protected pages raises no notice.
let loggedOut = false;

export function setToken(token: string) {
  loggedOut = false;
  if (token === getToken()) return;
  write(localStorage, TOKEN_KEY, token);
  emit();
}

/** An intentional logout: the token and both flags go, and no notice is shown. */
export function endSession() {
  loggedOut = true;
  clearSessionFlags();
  write(localStorage, TOKEN_KEY, null);
  emit();
}

/** Admin app mode: the code of the associate the staff user acts for. */
export function getAccessToken(): string | null {
  return read(localStorage, ACCESS_TOKEN_KEY) || null;
}

export function setAccessToken(code: string | null) {
  write(localStorage, ACCESS_TOKEN_KEY, code && code.trim() ? code.trim() : null);
  emit();
}

export interface SessionFlags {
  sessionExpired: boolean;
  loginRequired: boolean;
}

export function getSessionFlags(): SessionFlags {
  return {
    sessionExpired: read(sessionStorage, SESSION_EXPIRED_KEY) === '1',
    loginRequired: read(sessionStorage, LOGIN_REQUIRED_KEY) === '1',
  };
}

export function clearSessionFlags() {
  write(sessionStorage, SESSION_EXPIRED_KEY, null);
  write(sessionStorage, LOGIN_REQUIRED_KEY, null);
}

/**
 * The one rule for an unauthenticated answer or visit: a token that existed is removed and
 * the session-expired flag is set; without a token the login-required flag is set.
 */
export function expireSession() {
  if (getToken()) {
    write(localStorage, TOKEN_KEY, null);
    write(sessionStorage, LOGIN_REQUIRED_KEY, null);
    write(sessionStorage, SESSION_EXPIRED_KEY, '1');
    emit();
  } else {
    write(sessionStorage, SESSION_EXPIRED_KEY, null);
    write(sessionStorage, LOGIN_REQUIRED_KEY, '1');
  }
}

/**
 * A protected page was visited without a token: flag that a login is required, unless the
 * session has just expired (that notice wins) or the user logged out on purpose.
 */
export function requireLogin() {
  if (loggedOut || getSessionFlags().sessionExpired) return;
  write(sessionStorage, LOGIN_REQUIRED_KEY, '1');
}

type Navigate = (path: string) => void;
let navigateToLogin: Navigate = (path) => window.location.assign(path);

/** The app registers its router here so that a 401 navigates without a page reload. */
export function setLoginNavigator(navigate: Navigate) {
  navigateToLogin = navigate;
}

export const LOGIN_PATH = '/login';

export function goToLogin() {
  navigateToLogin(LOGIN_PATH);
}
