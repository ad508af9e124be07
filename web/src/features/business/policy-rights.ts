/** The staff permission that moves policies along the workflow and keeps their requirements. */
export const POLICIES_REVIEW = 'policies.review';

export const canReviewPolicies = (permissions: readonly string[]) =>
  permissions.includes(POLICIES_REVIEW);
