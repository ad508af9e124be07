// The visitors' pages as the router loads them: one module, so that the entry chunk carries one
// lazy import (and one chunk name) for all of them (the first-load budget, docs/benchmarks.md
// issue 8).
export { RegisterDirectPage, RegisterPage } from './registration-page';
export { MembershipAgreementPage } from './agreement-page';
