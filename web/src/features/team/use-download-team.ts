import { downloadTeam } from '@/api/gen/endpoints/team/team';
import { downloadTeam as downloadTeamList } from '@/api/lists.gen';
import { useDownload } from '@/lib/download';
import { toFilterParams, type ListingState } from '@/lib/listing-state';
import { periodParams, type Period } from '@/lib/period';
import type { TeamView } from './team-menu';

/** GET /team/{view}/download with the list's filters, order and period, opened in a new tab. */
export function useDownloadTeam(view: TeamView, state: ListingState, period: Period | undefined) {
  return useDownload((format) =>
    downloadTeam(view, {
      ...toFilterParams(state, downloadTeamList),
      ...periodParams(period),
      format,
    }),
  );
}
