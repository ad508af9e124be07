import { useParams } from 'react-router';
import { parsePositiveId } from '@/lib/ids';

/** The :id of the route as a positive integer, or undefined. */
export function useClientId(): number | undefined {
  return parsePositiveId(useParams().id);
}
