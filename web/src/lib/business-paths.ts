// The paths of the business area (spec §2), here because the client pages link to policies too.
// A policy number is unique per provider, not across providers: the links the portal makes
// carry the policy's id as well (`?id=`), and a number typed alone opens the policy that
// carries it, or a choice when several do (docs/web.md).

export const BUSINESS_PATH = '/business';
export const CLIENTS_PATH = '/business/clients';
export const BUSINESS_DASHBOARD_PATH = '/business/dashboard';
export const POLICY_CREATE_PATH = '/business/create';
/** The first step of a policy for a new client: the client form, then the policy form with them. */
export const POLICY_CLIENT_CREATE_PATH = '/business/create/client';
export const PROVIDERS_PATH = '/business/product-providers';
export const COMPENSATION_SCHEDULE_PATH = '/business/compensation-schedule';

export interface PolicyKey {
  id: number;
  policy_number: string;
}

export const policyCreateForClientPath = (clientId: number) => `${POLICY_CREATE_PATH}/${clientId}`;
export const policyPath = (p: PolicyKey) =>
  `${BUSINESS_PATH}/${encodeURIComponent(p.policy_number)}?id=${p.id}`;
export const policyEditPath = (p: PolicyKey) =>
  `${BUSINESS_PATH}/${encodeURIComponent(p.policy_number)}/edit?id=${p.id}`;
export const clientPath = (id: number) => `${CLIENTS_PATH}/${id}`;
export const providerPath = (id: number) => `${PROVIDERS_PATH}/${id}`;
