// The public auth pages besides the login page (which comes with the entry), as the router
// loads them: one module, so that the entry chunk carries one lazy import for all of them (the
// first-load budget, docs/benchmarks.md issue 8).
export { ForgotPasswordPage } from './forgot-password-page';
export { ResetPasswordPage } from './reset-password-page';
export { SsoLoginPage } from './sso-login-page';
