import { Box, Button, Card, DataList, Flex, Grid, Heading, Link, Text } from '@radix-ui/themes';
import { useMutation } from '@tanstack/react-query';
import { Suspense, lazy, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import {
  getEventCalendar,
  useCancelEventRegistration,
  useGetEvent,
  useRegisterForEvent,
} from '@/api/gen/endpoints/events/events';
import type { Event } from '@/api/gen/model/event';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { CenteredSpinner } from '@/components/centered-spinner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorCallout } from '@/components/error-callout';
import { ErrorPanel, errorTitle } from '@/components/error-panel';
import { CalendarIcon } from '@/components/icons/calendar';
import { CheckCircledIcon } from '@/components/icons/check-circled';
import { PageHeader } from '@/components/page-header';
import { Prose } from '@/components/prose';
import { openDownload } from '@/lib/download';
import { errorDetails } from '@/lib/errors';
import { formatEventWhen, formatZonedDateTime } from '@/lib/event-time';
import { EVENTS_PATH, PAST_EVENTS_PATH, eventCheckInPath } from '@/lib/events-paths';
import { formatDateTime, formatNumber } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { useAccess } from '@/lib/use-access';
import { EventBadges } from './event-badges';
import { EVENT_NOT_FOUND, isEventSlug } from './event-slug';
import { eventPlace, eventStatus, seatsLeft, type EventStatus } from './event-status';
import { useRefreshEvents } from './use-events-cache';
import './events.css';

// The QR code and its library load only where a ticket shows.
const QrCode = lazy(async () => ({ default: (await import('./event-ticket')).QrCode }));

/** The address a ticket's QR code holds: the check-in page of the event with the ticket, so
 *  that staff who scan it with a phone's camera land there. */
export const ticketCheckInUrl = (slug: string, ticket: string) =>
  `${window.location.origin}${eventCheckInPath(slug, ticket)}`;

/** The zone the viewer's browser is in. */
const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * events/:slug — an event: its banner, when (in its zone, and in the viewer's when that
 * differs) and where, seats, its description, and what the caller can do: register while it
 * takes registrations, cancel before it starts, add it to a calendar, and once registered,
 * the ticket as a QR code. Staff who manage events see its state and the way to check-in.
 */
export function EventDetailPage() {
  const { slug = '' } = useParams();
  const valid = isEventSlug(slug);
  const { attendsEvents, managesEvents } = useAccess();
  const query = useGetEvent(slug, { query: { enabled: valid, meta: { toast: false } } });
  const event = query.data;
  const failure = !valid ? EVENT_NOT_FOUND : query.isError ? errorDetails(query.error) : undefined;
  usePageTitle(...(failure ? [errorTitle(failure)] : [event?.title ?? 'Event', 'Events']));
  // The moment the page opened: what has started or ended is judged against it.
  const [now] = useState(Date.now);

  if (failure) {
    return <ErrorPanel {...failure} back={{ to: EVENTS_PATH, label: 'Back to the events' }} />;
  }
  if (!event) return <CenteredSpinner label="Loading the event" />;

  const status = eventStatus(event, now);
  const banner = event.image_urls[0] ?? event.image_url;
  return (
    <>
      <Breadcrumbs
        items={[
          status.ended
            ? { label: 'Past events', to: PAST_EVENTS_PATH }
            : { label: 'Events', to: EVENTS_PATH },
          { label: event.title },
        ]}
      />
      {banner ? (
        <Box mb="5">
          <img className="event-banner" src={banner} alt="" width={1200} height={500} />
        </Box>
      ) : null}
      <PageHeader
        title={event.title}
        description={
          <Flex direction="column" gap="2" asChild>
            <span>
              <span>{event.summary}</span>
              <EventBadges event={event} status={status} showState={managesEvents} alwaysState />
            </span>
          </Flex>
        }
        actions={
          managesEvents ? (
            <Button asChild variant="soft">
              <RouterLink to={eventCheckInPath(event.slug)}>Check-in and attendees</RouterLink>
            </Button>
          ) : null
        }
      />
      <Grid columns={{ initial: '1', md: '3' }} gap="5" align="start">
        <Flex
          direction="column"
          gap="4"
          gridColumn={{ md: '3' }}
          gridRow={{ md: '1' }}
          minWidth="0"
        >
          <Card size="2">
            <EventFacts event={event} status={status} />
            <Registration event={event} status={status} attends={attendsEvents} />
          </Card>
          {event.my_registration ? <Ticket event={event} /> : null}
        </Flex>
        <Box gridColumn={{ md: '1 / 3' }} gridRow={{ md: '1' }} minWidth="0">
          <Card size={{ initial: '2', sm: '3' }} asChild>
            <section aria-labelledby="event-about">
              <Heading as="h2" size="4" mb="3" id="event-about">
                About this event
              </Heading>
              <Prose sanitisedHtml={event.description_html} />
            </section>
          </Card>
        </Box>
      </Grid>
    </>
  );
}

/** When, where and the seats. */
function EventFacts({ event, status }: { event: Event; status: EventStatus }) {
  const when = formatEventWhen(event.starts_at, event.ends_at, event.time_zone);
  const local = formatEventWhen(event.starts_at, event.ends_at, viewerZone());
  return (
    <DataList.Root orientation="vertical" size="2" mb="4">
      <DataList.Item>
        <DataList.Label>When</DataList.Label>
        <DataList.Value>
          <Flex direction="column" gap="1">
            <Text weight="medium">{when}</Text>
            {local !== when ? (
              <Text size="1" color="gray">
                Your time: {local}
              </Text>
            ) : null}
          </Flex>
        </DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label>Where</DataList.Label>
        <DataList.Value>
          <Flex direction="column" gap="1">
            {event.venue && !event.online ? (
              <>
                <Text weight="medium">{event.venue}</Text>
                {event.address ? <Text>{event.address}</Text> : null}
                {event.city && !event.address?.includes(event.city) ? (
                  <Text>{event.city}</Text>
                ) : null}
              </>
            ) : (
              <Text weight="medium">{eventPlace(event)}</Text>
            )}
            {event.online_url ? (
              <Link href={event.online_url} target="_blank" rel="noopener noreferrer">
                Join online (opens in a new tab)
              </Link>
            ) : null}
          </Flex>
        </DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label>Seats</DataList.Label>
        <DataList.Value>
          {status.ended
            ? `${formatNumber(event.registered)} registered`
            : status.full
              ? `All ${formatNumber(event.capacity)} seats are taken`
              : seatsLeft(event)}
        </DataList.Value>
      </DataList.Item>
    </DataList.Root>
  );
}

/** Why an event takes no registration now, when it does not. */
function closedReason(event: Event, status: EventStatus): string | undefined {
  if (status.ended) return 'This event is over.';
  if (status.started) return 'This event has started: registration is closed.';
  if (event.state !== 'Open' || event.registration === 'Closed for registration') {
    return 'This event is closed for registration.';
  }
  if (status.full) return 'This event is full.';
  return undefined;
}

/**
 * The caller's registration: Register while the event takes registrations; once registered,
 * Cancel registration until it starts (not once checked in); Add to calendar until it is over.
 * Staff register for nothing. A refusal (full, closed meanwhile) shows above, and the event is
 * read again so that its seats and state are current.
 */
function Registration({
  event,
  status,
  attends,
}: {
  event: Event;
  status: EventStatus;
  attends: boolean;
}) {
  const refresh = useRefreshEvents();
  const register = useRegisterForEvent({ mutation: { meta: { toast: false } } });
  const cancel = useCancelEventRegistration();
  const calendar = useMutation({
    mutationFn: () => openDownload(() => getEventCalendar(event.slug)),
  });
  const [refreshing, setRefreshing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const mine = event.my_registration;

  const onRegister = async () => {
    try {
      await register.mutateAsync({ slug: event.slug });
    } catch {
      // Shown by the callout; the event may have filled or closed meanwhile.
    } finally {
      setRefreshing(true);
      await refresh();
      setRefreshing(false);
    }
  };

  let action;
  if (mine) {
    action = (
      <Flex direction="column" gap="3" align="start">
        <Flex gap="2" align="center">
          <Text color="green" asChild>
            <CheckCircledIcon aria-hidden />
          </Text>
          <Text size="2" weight="medium">
            {mine.status === 'Checked In'
              ? `You were checked in at ${formatZonedDateTime(mine.checked_in_at ?? '', event.time_zone)}.`
              : 'You are registered.'}
          </Text>
        </Flex>
        {mine.status === 'Registered' && !status.started ? (
          <Button variant="soft" color="red" onClick={() => setConfirming(true)}>
            Cancel registration
          </Button>
        ) : null}
      </Flex>
    );
  } else if (!attends) {
    action = null;
  } else {
    const reason = closedReason(event, status);
    action = reason ? (
      <Text as="p" size="2" weight="medium">
        {reason}
      </Text>
    ) : (
      <Box>
        <Button
          size="3"
          onClick={() => void onRegister()}
          loading={register.isPending || refreshing}
        >
          Register
        </Button>
      </Box>
    );
  }

  return (
    <Flex direction="column" gap="3">
      {register.isError ? (
        <ErrorCallout error={register.error} title="You could not be registered" />
      ) : null}
      {action}
      {!status.ended ? (
        <Box>
          <Button
            variant="soft"
            color="gray"
            onClick={() => calendar.mutate()}
            loading={calendar.isPending}
          >
            <CalendarIcon aria-hidden /> Add to calendar
          </Button>
        </Box>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancel your registration"
        description={`Your seat at ${event.title} goes to someone else, and your ticket stops working.`}
        confirmLabel="Cancel registration"
        cancelLabel="Keep my seat"
        onConfirm={async () => {
          try {
            await cancel.mutateAsync({ slug: event.slug });
          } finally {
            register.reset();
            await refresh();
          }
        }}
      />
    </Flex>
  );
}

/** The caller's ticket: its QR code, which leads staff to the check-in page, and its text. */
function Ticket({ event }: { event: Event }) {
  const mine = event.my_registration;
  if (!mine) return null;
  return (
    <Card size="2" asChild>
      <section aria-labelledby="event-ticket">
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4" id="event-ticket">
            Your ticket
          </Heading>
          <Text size="2" color="gray">
            {mine.status === 'Checked In'
              ? 'This ticket has been used to check you in.'
              : 'Show this code at the check-in desk.'}
          </Text>
          <Suspense fallback={<div className="ticket-qr" style={{ aspectRatio: '1' }} />}>
            <QrCode
              value={ticketCheckInUrl(event.slug, mine.ticket)}
              label={`QR code of your ticket for ${event.title}`}
            />
          </Suspense>
          <Text as="p" className="ticket-text" m="0">
            {mine.ticket}
          </Text>
          <Text size="1" color="gray">
            Registered {formatDateTime(mine.registered_at)}
          </Text>
        </Flex>
      </section>
    </Card>
  );
}
