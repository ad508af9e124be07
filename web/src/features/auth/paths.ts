// The public pages of the auth area, and what they hand to the login page.

export const FORGOT_PASSWORD_PATH = '/forgot-password';

/** What the login page shows above its form when a page sent the visitor there with a word
 *  (router state: `{ notice }`), e.g. after a password reset. */
export interface LoginState {
  notice?: string;
}

export function loginNotice(state: unknown): string | undefined {
  const notice = (state as LoginState | null)?.notice;
  return typeof notice === 'string' && notice ? notice : undefined;
}
