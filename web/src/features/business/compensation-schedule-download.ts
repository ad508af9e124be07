import { downloadCompensationSchedule } from '@/api/gen/endpoints/providers/providers';
import { downloadCompensationSchedule as downloadScheduleList } from '@/api/lists.gen';
import { useDownload } from '@/lib/download';
import { toFilterParams, type ListingState } from '@/lib/listing-state';

/** GET /compensation-schedule/download with the schedule's filters and order, opened in a new
 *  tab (one row per product and level). */
export function useDownloadCompensationSchedule(state: ListingState) {
  return useDownload((format) =>
    downloadCompensationSchedule({ ...toFilterParams(state, downloadScheduleList), format }),
  );
}
