// The payments pages as the router loads them: one module, so that the entry chunk carries one
// lazy import (and one chunk name) for all of them rather than one per page (the first-load
// budget, docs/benchmarks.md issue 8).
export { PaymentsDashboardPage } from './payments-dashboard-page';
export { CashflowListPage } from './cashflow-list-page';
export { ChargebacksPage } from './chargebacks-page';
export { CashflowEntryPage } from './cashflow-entry-page';
