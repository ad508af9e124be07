import { Box, Button, Card, Checkbox, Flex, Grid, TabNav, Text, TextField } from '@radix-ui/themes';
import { keepPreviousData } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useListEvents } from '@/api/gen/endpoints/events/events';
import type { EventWhen } from '@/api/gen/model/eventWhen';
import { listEvents } from '@/api/lists.gen';
import { CenteredSpinner } from '@/components/centered-spinner';
import { ErrorCallout } from '@/components/error-callout';
import { isFinal } from '@/components/error-panel';
import { ExclamationTriangleIcon } from '@/components/icons/exclamation-triangle';
import { MagnifyingGlassIcon } from '@/components/icons/magnifying-glass';
import { ReloadIcon } from '@/components/icons/reload';
import { PageHeader } from '@/components/page-header';
import { ListingPagination } from '@/components/pagination';
import { errorMessage, errorStatus } from '@/lib/errors';
import { EVENTS_PATH, PAST_EVENTS_PATH } from '@/lib/events-paths';
import {
  activeFilterCount,
  pageRows,
  toQueryParams,
  useListingState,
  type Listing,
  type Order,
} from '@/lib/listing-state';
import { usePageTitle } from '@/lib/page-title';
import { useAccess } from '@/lib/use-access';
import { EventCard } from './event-card';
import { filterToValues, valuesToFilter, type EventFilterValues } from './event-filters';
import './events.css';

/** The upcoming events soonest first; the past ones the latest first. */
const ORDERS: Record<EventWhen, Order> = {
  upcoming: { starts_at: 'ASC' },
  past: { starts_at: 'DESC' },
};

const TITLE_MAX_LENGTH = listEvents.fields.title?.maxLength;

/** events — the upcoming events, as cards, with a title search and filters in the URL. */
export function EventsIndexPage() {
  return <EventsList when="upcoming" />;
}

/** events/past — the events that have ended, the latest first, as the same cards. */
export function PastEventsPage() {
  return <EventsList when="past" />;
}

function EventsList({ when }: { when: EventWhen }) {
  usePageTitle(when === 'upcoming' ? 'Upcoming events' : 'Past events');
  const { attendsEvents, managesEvents } = useAccess();
  const listing = useListingState(listEvents, { order: ORDERS[when] });
  const { state } = listing;
  const query = useListEvents(
    { ...toQueryParams(state, listEvents), when },
    { query: { placeholderData: keepPreviousData, meta: { toast: false } } },
  );
  const { rows, hasNext } = pageRows(query.data?.data, state.limit);
  // The moment the page opened: what has started or ended is judged against it.
  const [now] = useState(Date.now);
  const filtered = activeFilterCount(state.filter) > 0;

  return (
    <>
      <PageHeader
        title="Events"
        description={
          managesEvents
            ? 'Every event in every state, with its attendees and check-in.'
            : 'Meetings, trainings and conventions: register for a seat, and bring your ticket.'
        }
      />
      <TabNav.Root aria-label="Events" mb="4">
        <TabNav.Link asChild active={when === 'upcoming'}>
          <RouterLink to={EVENTS_PATH}>Upcoming</RouterLink>
        </TabNav.Link>
        <TabNav.Link asChild active={when === 'past'}>
          <RouterLink to={PAST_EVENTS_PATH}>Past</RouterLink>
        </TabNav.Link>
      </TabNav.Root>
      <EventFilters
        key={JSON.stringify(state.filter)}
        values={filterToValues(state.filter)}
        onChange={(values) => listing.setFilter(valuesToFilter(values))}
        registeredFilter={attendsEvents}
      />
      {query.isPending ? (
        <CenteredSpinner label="Loading the events" />
      ) : query.isError && rows.length === 0 ? (
        <LoadFailure error={query.error} onRetry={query.refetch} retrying={query.isFetching} />
      ) : rows.length === 0 ? (
        <NoEvents when={when} filtered={filtered} listing={listing} />
      ) : (
        <>
          {query.isError ? (
            <ErrorCallout error={query.error} title="The events could not be refreshed" />
          ) : null}
          <Grid
            asChild
            columns={{ initial: '1', sm: '2', lg: '3' }}
            gap="4"
            aria-busy={query.isFetching}
            style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
          >
            <ul
              className="event-grid"
              aria-label={when === 'upcoming' ? 'Upcoming events' : 'Past events'}
            >
              {rows.map((event) => (
                <li key={event.id}>
                  <EventCard event={event} now={now} showState={managesEvents} />
                </li>
              ))}
            </ul>
          </Grid>
        </>
      )}
      {rows.length > 0 || state.page > 1 ? (
        <ListingPagination
          listing={listing}
          nextCursor={query.data?.next_cursor}
          count={rows.length}
          hasNext={hasNext}
          disabled={query.isFetching}
        />
      ) : null}
    </>
  );
}

/**
 * The title search (applied when submitted) and the filters (applied when ticked): Online
 * only, and for associates, Registered (the events they hold a seat at).
 */
function EventFilters({
  values,
  onChange,
  registeredFilter,
}: {
  values: EventFilterValues;
  onChange: (values: EventFilterValues) => void;
  registeredFilter: boolean;
}) {
  const [title, setTitle] = useState(values.title);
  const onlineId = useId();
  const registeredId = useId();
  return (
    <Box asChild mb="5">
      <form
        role="search"
        aria-label="Filter events"
        onSubmit={(event) => {
          event.preventDefault();
          onChange({ ...values, title });
        }}
      >
        <Flex gap="3" align="center" wrap="wrap">
          <Flex gap="2" align="center" flexGrow="1" maxWidth="520px" minWidth="min(100%, 260px)">
            <Box flexGrow="1">
              <TextField.Root
                type="search"
                aria-label="Search events by title"
                placeholder="Search by title"
                maxLength={TITLE_MAX_LENGTH}
                value={title}
                onChange={(event) => setTitle(event.target.value)}
              >
                <TextField.Slot>
                  <MagnifyingGlassIcon aria-hidden />
                </TextField.Slot>
              </TextField.Root>
            </Box>
            <Button type="submit">Search</Button>
          </Flex>
          <Flex gap="4" align="center" wrap="wrap">
            <Flex gap="2" align="center">
              <Checkbox
                id={onlineId}
                checked={values.online}
                onCheckedChange={(checked) =>
                  onChange({ ...values, title, online: checked === true })
                }
              />
              <Text as="label" size="2" htmlFor={onlineId}>
                Online only
              </Text>
            </Flex>
            {registeredFilter ? (
              <Flex gap="2" align="center">
                <Checkbox
                  id={registeredId}
                  checked={values.registered}
                  onCheckedChange={(checked) =>
                    onChange({ ...values, title, registered: checked === true })
                  }
                />
                <Text as="label" size="2" htmlFor={registeredId}>
                  Registered
                </Text>
              </Flex>
            ) : null}
          </Flex>
        </Flex>
      </form>
    </Box>
  );
}

/** Nothing to show, said plainly; with filters on, the way to clear them. */
function NoEvents({
  when,
  filtered,
  listing,
}: {
  when: EventWhen;
  filtered: boolean;
  listing: Listing;
}) {
  if (filtered) {
    return (
      <Notice title="No events match these filters">
        <Button variant="soft" onClick={listing.reset}>
          Clear the filters
        </Button>
      </Notice>
    );
  }
  return when === 'upcoming' ? (
    <Notice title="No upcoming events">New events show here once they are announced.</Notice>
  ) : (
    <Notice title="No past events" />
  );
}

function Notice({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Card size="2">
      <Flex direction="column" align="center" gap="3" py="5">
        <Text weight="medium">{title}</Text>
        {typeof children === 'string' ? (
          <Text size="2" color="gray" align="center">
            {children}
          </Text>
        ) : (
          children
        )}
      </Flex>
    </Card>
  );
}

/** The list could not be loaded: why, with Retry unless trying again cannot help. */
function LoadFailure({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry: () => unknown;
  retrying: boolean;
}) {
  return (
    <Card size="2">
      <Flex direction="column" align="center" gap="2" py="5" role="alert">
        <Flex align="center" gap="2">
          <Text color="red" asChild>
            <ExclamationTriangleIcon aria-hidden />
          </Text>
          <Text weight="medium">The events could not be loaded</Text>
        </Flex>
        <Text size="2" color="gray" align="center">
          {errorMessage(error)}
        </Text>
        {isFinal(errorStatus(error)) ? null : (
          <Button mt="2" variant="soft" onClick={() => void onRetry()} loading={retrying}>
            <ReloadIcon aria-hidden /> Retry
          </Button>
        )}
      </Flex>
    </Card>
  );
}
