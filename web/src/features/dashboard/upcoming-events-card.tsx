import { Card, Flex, Heading, Link, Text } from '@radix-ui/themes';
import { Link as RouterLink } from 'react-router';
import { useListEvents } from '@/api/gen/endpoints/events/events';
import { formatEventWhen } from '@/lib/event-time';
import { EVENTS_PATH, eventPath } from '@/lib/events-paths';
import { QUIET_QUERY } from '@/lib/query-meta';

/** How many of the caller's registrations the card lists. */
export const UPCOMING_EVENTS_SHOWN = 3;

/** The caller's next registrations, soonest first (the list's default order). */
const PARAMS = {
  when: 'upcoming',
  limit: UPCOMING_EVENTS_SHOWN,
  'filter[registered][eq]': true,
} as const;

/**
 * The dashboard's 'Your upcoming events' (associates): the next events the caller is
 * registered for, each leading to its page (and its ticket), and the way to all events. Small
 * on purpose: it is part of the dashboard's first load.
 */
export function UpcomingEventsCard() {
  const query = useListEvents(PARAMS, { query: QUIET_QUERY });
  // The answer holds up to limit + 1 events: the extra one only says there are more.
  const events = query.data?.data.slice(0, UPCOMING_EVENTS_SHOWN);
  return (
    <Card size="3" asChild>
      <section aria-labelledby="upcoming-events-heading">
        <Flex justify="between" align="baseline" gap="3" mb="3" wrap="wrap">
          <Heading as="h2" size="4" id="upcoming-events-heading">
            Your upcoming events
          </Heading>
          <Link asChild size="2">
            <RouterLink to={EVENTS_PATH}>All events</RouterLink>
          </Link>
        </Flex>
        {events && events.length > 0 ? (
          <Flex asChild direction="column" gap="3" m="0" p="0" style={{ listStyle: 'none' }}>
            <ul>
              {events.map((event) => (
                <Flex asChild key={event.id} direction="column">
                  <li>
                    <Link asChild weight="medium">
                      <RouterLink to={eventPath(event.slug)}>{event.title}</RouterLink>
                    </Link>
                    <Text size="2" color="gray">
                      {formatEventWhen(event.starts_at, event.ends_at, event.time_zone)}
                    </Text>
                  </li>
                </Flex>
              ))}
            </ul>
          </Flex>
        ) : (
          <Text as="p" size="2" color="gray">
            {query.isError
              ? 'Your events could not be loaded.'
              : events
                ? 'You are not registered for any upcoming event.'
                : 'Loading your events…'}
          </Text>
        )}
      </section>
    </Card>
  );
}
