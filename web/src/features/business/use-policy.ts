import { useParams, useSearchParams } from 'react-router';
import { useGetPolicy, useListPolicies } from '@/api/gen/endpoints/business/business';
import type { Policy } from '@/api/gen/model/policy';
import type { PolicyRow } from '@/api/gen/model/policyRow';
import { errorDetails, type ErrorDetails } from '@/lib/errors';
import { parsePositiveId } from '@/lib/ids';

export interface PolicyRef {
  /** The policy number of the route. */
  number: string;
  /** The policy, once loaded. */
  policy?: Policy;
  /** Several policies carry the number (different providers): the caller chooses. */
  choices?: PolicyRow[];
  failure?: ErrorDetails;
}

/**
 * The policy of business/:policyNumber. Links carry its id (`?id=`); a number alone is looked
 * up among the policies the caller may see (the whole organisation for an associate, every
 * policy for staff) and opens the one that carries it, or answers the choices.
 */
export function usePolicy(): PolicyRef {
  const { policyNumber = '' } = useParams();
  const [searchParams] = useSearchParams();
  const given = parsePositiveId(searchParams.get('id'));
  const matches = useListPolicies(
    { 'filter[policy_number][eq]': policyNumber, view: 'Infinity', limit: 20 },
    {
      query: {
        enabled: given === undefined && policyNumber !== '',
        meta: { toast: false },
        staleTime: 30_000,
      },
    },
  );
  const rows = matches.data?.data ?? [];
  const id = given ?? (rows.length === 1 ? rows[0]?.id : undefined);
  const query = useGetPolicy(id ?? 0, {
    query: { enabled: id !== undefined, meta: { toast: false } },
  });
  let failure: ErrorDetails | undefined;
  if (query.isError) failure = errorDetails(query.error);
  else if (matches.isError) failure = errorDetails(matches.error);
  else if (given === undefined && (policyNumber === '' || (matches.isSuccess && rows.length === 0)))
    failure = { status: 404, message: `Policy ${policyNumber} not found` };
  return {
    number: policyNumber,
    policy: query.data,
    choices: given === undefined && rows.length > 1 ? rows : undefined,
    failure,
  };
}
