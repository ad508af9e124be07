import { filterChoice, filterText, type FilterCodec } from '@/components/filter-form';
import { AttendanceStatus } from '@/api/gen/model/attendanceStatus';
import type { CleanFilter, Filter } from '@/lib/listing-state';

/** What the attendee list of the check-in page filters by: the status, words of the name, and
 *  an associate code. */
export interface AttendeeFilterValues {
  status: string;
  name: string;
  code: string;
}

export const ATTENDANCE_STATUSES = Object.values(AttendanceStatus);

export const emptyAttendeeFilters: AttendeeFilterValues = { status: '', name: '', code: '' };

export const attendeeFilterCodec: FilterCodec<AttendeeFilterValues> = {
  empty: emptyAttendeeFilters,
  toValues: (filter: CleanFilter) => ({
    status: filterChoice(filter.status?.eq, ATTENDANCE_STATUSES),
    name: filterText(filter.name?.contains),
    code: filterText(filter.associate_code?.eq),
  }),
  toFilter: (values): Filter => ({
    status: { eq: values.status },
    name: { contains: values.name },
    associate_code: { eq: values.code.trim().toUpperCase() },
  }),
};
