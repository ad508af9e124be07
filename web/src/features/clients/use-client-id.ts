import { useParams } from 'react-router';

/** The :id of the route as a positive integer, or undefined. */
export function useClientId(): number | undefined {
  const { id } = useParams();
  if (!id || !/^\d+$/.test(id)) return undefined;
  const value = Number(id);
  return value >= 1 && Number.isSafeInteger(value) ? value : undefined;
}
