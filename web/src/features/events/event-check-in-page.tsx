import {
  Box,
  Button,
  Callout,
  Card,
  Flex,
  Grid,
  Heading,
  Table,
  Text,
  TextField,
} from '@radix-ui/themes';
import { keepPreviousData } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useParams, useSearchParams } from 'react-router';
import {
  useCheckInEventAttendee,
  useGetEvent,
  useListEventAttendees,
} from '@/api/gen/endpoints/events/events';
import type { Event } from '@/api/gen/model/event';
import type { EventAttendee } from '@/api/gen/model/eventAttendee';
import type { EventCheckInInput } from '@/api/gen/model/eventCheckInInput';
import { listEventAttendees } from '@/api/lists.gen';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { CenteredSpinner } from '@/components/centered-spinner';
import { ErrorPanel, errorTitle } from '@/components/error-panel';
import { enumChoices } from '@/components/choice-select';
import { ChoiceFilter, FilterForm, TextFilter, useFilterForm } from '@/components/filter-form';
import { FormField, fieldA11y } from '@/components/form-field';
import { CheckCircledIcon } from '@/components/icons/check-circled';
import { ExclamationTriangleIcon } from '@/components/icons/exclamation-triangle';
import { ListTable } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { ListingPagination } from '@/components/pagination';
import { SortableHeader } from '@/components/sortable-header';
import { errorCode, errorDetails, errorMessage } from '@/lib/errors';
import { formatEventWhen, formatZonedDateTime } from '@/lib/event-time';
import { EVENTS_PATH, eventPath } from '@/lib/events-paths';
import {
  pageRows,
  toQueryParams,
  useListingState,
  type CleanFilter,
  type Filter,
  type Order,
} from '@/lib/listing-state';
import { usePageTitle } from '@/lib/page-title';
import { useAccess } from '@/lib/use-access';
import { ATTENDANCE_STATUSES, attendeeFilterCodec } from './attendee-filters';
import { AttendanceBadge } from './event-badges';
import { EVENT_NOT_FOUND, isEventSlug } from './event-slug';
import { useRefreshEvents } from './use-events-cache';
import './events.css';

/** What those without events.manage are told. */
export const CANNOT_CHECK_IN = {
  status: 403,
  message: 'Only staff who run events check attendees in',
};

const DEFAULT_ORDER: Order = { registered_at: 'ASC' };
const STATUS_CHOICES = enumChoices(ATTENDANCE_STATUSES);

/** The outcome of the last check-in: the attendee checked in, or why not. */
type Outcome = { attendee: EventAttendee } | { error: unknown };

/**
 * events/:slug/check-in — staff with events.manage check attendees in. A ticket's QR code
 * leads here with ?ticket=: the page offers Check in for it (never on its own, so that opening
 * the link twice checks no one in twice). By hand, by associate code or ticket. Below, the
 * attendees (their status and name filters in the URL), each one still Registered with its own
 * Check in.
 */
export function EventCheckInPage() {
  const { slug = '' } = useParams();
  const valid = isEventSlug(slug);
  const access = useAccess();
  const allowed = access.managesEvents;
  const event = useGetEvent(slug, {
    query: { enabled: valid && allowed, meta: { toast: false } },
  });
  const failure = !valid
    ? EVENT_NOT_FOUND
    : !access.isPending && !allowed
      ? CANNOT_CHECK_IN
      : event.isError
        ? errorDetails(event.error)
        : undefined;
  usePageTitle(...(failure ? [errorTitle(failure)] : ['Check-in', event.data?.title, 'Events']));

  if (failure) {
    return <ErrorPanel {...failure} back={{ to: EVENTS_PATH, label: 'Back to the events' }} />;
  }
  if (!event.data) return <CenteredSpinner label="Loading the event" />;
  return <CheckIn event={event.data} />;
}

function CheckIn({ event }: { event: Event }) {
  const [searchParams] = useSearchParams();
  const ticket = (searchParams.get('ticket') ?? '').trim();
  const refresh = useRefreshEvents();
  const checkIn = useCheckInEventAttendee({ mutation: { meta: { toast: false } } });
  const [outcome, setOutcome] = useState<Outcome>();

  const submit = async (data: EventCheckInInput) => {
    try {
      setOutcome({ attendee: await checkIn.mutateAsync({ slug: event.slug, data }) });
      return true;
    } catch (error) {
      setOutcome({ error });
      return false;
    } finally {
      void refresh();
    }
  };

  return (
    <>
      <Breadcrumbs
        items={[
          { label: 'Events', to: EVENTS_PATH },
          { label: event.title, to: eventPath(event.slug) },
          { label: 'Check-in' },
        ]}
      />
      <PageHeader
        title="Check-in"
        description={`${event.title} · ${formatEventWhen(event.starts_at, event.ends_at, event.time_zone)}`}
      />
      <Box mb="4" aria-live="polite">
        {outcome ? <CheckInOutcome outcome={outcome} zone={event.time_zone} /> : null}
      </Box>
      <Grid columns={{ initial: '1', md: ticket ? '2' : '1' }} gap="4" mb="6" align="start">
        {ticket ? (
          <TicketCheckIn
            ticket={ticket}
            pending={checkIn.isPending}
            onCheckIn={() => void submit({ ticket })}
          />
        ) : null}
        <CheckInByHand pending={checkIn.isPending} onCheckIn={submit} />
      </Grid>
      <Attendees
        event={event}
        pending={checkIn.isPending}
        onCheckIn={(attendee) => void submit({ associate_code: attendee.associate_code })}
      />
    </>
  );
}

/** The ticket of a scanned QR code, and the button that checks it in. */
function TicketCheckIn({
  ticket,
  pending,
  onCheckIn,
}: {
  ticket: string;
  pending: boolean;
  onCheckIn: () => void;
}) {
  return (
    <Card size="3" asChild>
      <section aria-labelledby="check-in-ticket">
        <Flex direction="column" gap="3" align="start">
          <Heading as="h2" size="4" id="check-in-ticket">
            Ticket from a QR code
          </Heading>
          <Text as="p" className="ticket-text" m="0">
            {ticket}
          </Text>
          <Button size="4" onClick={onCheckIn} loading={pending}>
            <CheckCircledIcon aria-hidden width={18} height={18} /> Check in
          </Button>
        </Flex>
      </section>
    </Card>
  );
}

/** Checks someone in by associate code or by ticket: exactly one of the two. */
function CheckInByHand({
  pending,
  onCheckIn,
}: {
  pending: boolean;
  onCheckIn: (data: EventCheckInInput) => Promise<boolean>;
}) {
  const [code, setCode] = useState('');
  const [ticket, setTicket] = useState('');
  const [error, setError] = useState<string>();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const c = code.trim().toUpperCase();
    const t = ticket.trim();
    if (!c && !t) return setError('Enter an associate code or a ticket');
    if (c && t) return setError('Enter an associate code or a ticket, not both');
    setError(undefined);
    if (await onCheckIn(c ? { associate_code: c } : { ticket: t })) {
      setCode('');
      setTicket('');
    }
  };
  return (
    <Card size="3" asChild>
      <section aria-labelledby="check-in-by-hand">
        <Heading as="h2" size="4" mb="3" id="check-in-by-hand">
          Check in by hand
        </Heading>
        <form aria-labelledby="check-in-by-hand" onSubmit={(e) => void onSubmit(e)} noValidate>
          <Flex direction="column" gap="3">
            <FormField id="check-in-code" label="Associate code" error={error}>
              <TextField.Root
                {...fieldA11y('check-in-code', error)}
                value={code}
                maxLength={32}
                autoComplete="off"
                onChange={(e) => setCode(e.target.value)}
              />
            </FormField>
            <FormField
              id="check-in-ticket-text"
              label="or Ticket"
              hint="The text under the attendee's QR code."
            >
              <TextField.Root
                id="check-in-ticket-text"
                value={ticket}
                maxLength={200}
                autoComplete="off"
                onChange={(e) => setTicket(e.target.value)}
              />
            </FormField>
            <Box>
              <Button type="submit" loading={pending}>
                Check in
              </Button>
            </Box>
          </Flex>
        </form>
      </section>
    </Card>
  );
}

/** The last check-in: who and when, or why not (a second check-in says when the first was). */
function CheckInOutcome({ outcome, zone }: { outcome: Outcome; zone: string }) {
  if ('attendee' in outcome) {
    const { attendee } = outcome;
    return (
      <Callout.Root color="green" role="status">
        <Callout.Icon>
          <CheckCircledIcon />
        </Callout.Icon>
        <Callout.Text>
          <strong>Checked in: </strong>
          {attendee.name} ({attendee.associate_code})
          {attendee.checked_in_at
            ? `, at ${formatZonedDateTime(attendee.checked_in_at, zone)}`
            : ''}
          .
        </Callout.Text>
      </Callout.Root>
    );
  }
  const again = errorCode(outcome.error) === 'already_checked_in';
  return (
    <Callout.Root color={again ? 'amber' : 'red'} role="alert">
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Callout.Text>
        <strong>{again ? 'Already checked in: ' : 'Not checked in: '}</strong>
        {errorMessage(outcome.error)}
      </Callout.Text>
    </Callout.Root>
  );
}

/** Who registered, who is checked in (when, by whom), with Check in for those still to come. */
function Attendees({
  event,
  pending,
  onCheckIn,
}: {
  event: Event;
  pending: boolean;
  onCheckIn: (attendee: EventAttendee) => void;
}) {
  const listing = useListingState(listEventAttendees, { order: DEFAULT_ORDER });
  const { state } = listing;
  const query = useListEventAttendees(event.slug, toQueryParams(state, listEventAttendees), {
    query: { placeholderData: keepPreviousData, meta: { toast: false } },
  });
  const { rows, hasNext } = pageRows(query.data?.data, state.limit);
  const at = (iso: string | undefined) => (iso ? formatZonedDateTime(iso, event.time_zone) : '—');

  return (
    <section aria-labelledby="attendees-heading">
      <Flex justify="between" align="baseline" gap="3" mb="3" wrap="wrap">
        <Heading as="h2" size="5" id="attendees-heading">
          Attendees
        </Heading>
        <Text size="2" color="gray">
          {event.registered} of {event.capacity} seats taken
        </Text>
      </Flex>
      <Card size="2" mb="4">
        <AttendeeFilters
          key={JSON.stringify(state.filter)}
          filter={state.filter}
          onApply={listing.setFilter}
        />
      </Card>
      <ListTable
        caption="Attendees"
        noun="attendees"
        query={query}
        count={rows.length}
        columns={5}
        header={
          <>
            <Table.ColumnHeaderCell>Attendee</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
            <SortableHeader field="registered_at" order={state.order} onSort={listing.toggleSort}>
              Registered
            </SortableHeader>
            <SortableHeader field="checked_in_at" order={state.order} onSort={listing.toggleSort}>
              Checked in
            </SortableHeader>
            <Table.ColumnHeaderCell>
              <span className="sr-only">Action</span>
            </Table.ColumnHeaderCell>
          </>
        }
        loadingLabel="Loading the attendees…"
        emptyTitle="No attendees"
        emptyText={
          Object.keys(state.filter).length > 0
            ? 'No attendee matches these filters.'
            : 'No one has registered for this event yet.'
        }
      >
        {rows.map((attendee) => (
          <Table.Row key={attendee.id} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
            <Table.RowHeaderCell>
              <Flex direction="column">
                <Text weight="medium" className="nowrap">
                  {attendee.name}
                </Text>
                <Text size="1" color="gray">
                  {attendee.associate_code}
                </Text>
              </Flex>
            </Table.RowHeaderCell>
            <Table.Cell>
              <AttendanceBadge status={attendee.status} />
            </Table.Cell>
            <Table.Cell className="nowrap">{at(attendee.registered_at)}</Table.Cell>
            <Table.Cell>
              <Flex direction="column">
                <Text className="nowrap">{at(attendee.checked_in_at)}</Text>
                {attendee.checked_in_by ? (
                  <Text size="1" color="gray" className="nowrap">
                    by {attendee.checked_in_by}
                  </Text>
                ) : null}
              </Flex>
            </Table.Cell>
            <Table.Cell align="right">
              {attendee.status === 'Registered' ? (
                <Button
                  size="1"
                  variant="soft"
                  disabled={pending}
                  aria-label={`Check in ${attendee.name}`}
                  onClick={() => onCheckIn(attendee)}
                >
                  Check in
                </Button>
              ) : null}
            </Table.Cell>
          </Table.Row>
        ))}
      </ListTable>
      <ListingPagination
        listing={listing}
        nextCursor={query.data?.next_cursor}
        count={rows.length}
        hasNext={hasNext}
        disabled={query.isFetching}
      />
    </section>
  );
}

/** The attendee list's filters: the status, words of the name, an associate code; applied to
 *  the URL. */
function AttendeeFilters({
  filter,
  onApply,
}: {
  filter: CleanFilter;
  onApply: (filter: Filter) => void;
}) {
  const { bind, apply, reset } = useFilterForm(filter, attendeeFilterCodec, onApply);
  return (
    <FilterForm label="Filter attendees" onApply={apply} onReset={reset}>
      <ChoiceFilter
        id="attendee-status"
        label="Status"
        choices={STATUS_CHOICES}
        anyLabel="Any status"
        {...bind('status')}
      />
      <TextFilter id="attendee-name" label="Name contains" {...bind('name')} />
      <TextFilter id="attendee-code" label="Associate code" {...bind('code')} />
    </FilterForm>
  );
}
