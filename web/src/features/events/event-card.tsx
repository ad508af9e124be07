import { Card, Flex, Heading, Link, Text } from '@radix-ui/themes';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import type { EventSummary } from '@/api/gen/model/eventSummary';
import { formatEventWhen } from '@/lib/event-time';
import { eventPath } from '@/lib/events-paths';
import { formatNumber } from '@/lib/format';
import { EventBadges } from './event-badges';
import { eventPlace, eventStatus, seatsLeft } from './event-status';

/**
 * One event of a list: its banner (decorative: the title says what it is), its badges, the
 * title leading to its page (the whole card is the link's target), when in the event's own
 * zone, where, its summary, and the seats left (upcoming) or taken (past).
 */
export function EventCard({
  event,
  now,
  showState,
}: {
  event: EventSummary;
  now: number;
  showState: boolean;
}) {
  const titleId = useId();
  const status = eventStatus(event, now);
  return (
    <Card asChild size="1" className="event-card">
      <article aria-labelledby={titleId}>
        {event.image_url ? (
          <img
            className="event-card-image"
            src={event.image_url}
            alt=""
            width={1200}
            height={500}
            loading="lazy"
          />
        ) : null}
        <Flex direction="column" gap="2" p="4" className="event-card-body">
          <EventBadges event={event} status={status} showState={showState} />
          <Heading as="h2" size="4" id={titleId}>
            <Link asChild>
              <RouterLink to={eventPath(event.slug)} className="event-card-link">
                {event.title}
              </RouterLink>
            </Link>
          </Heading>
          <Flex direction="column" gap="1">
            <Text size="2" weight="medium">
              {formatEventWhen(event.starts_at, event.ends_at, event.time_zone)}
            </Text>
            <Text size="2" color="gray">
              {eventPlace(event)}
            </Text>
          </Flex>
          <Text as="p" size="2" color="gray" className="event-card-summary">
            {event.summary}
          </Text>
          <Text size="2" mt="auto">
            {status.ended
              ? `${formatNumber(event.registered)} registered`
              : status.full
                ? 'No seats left'
                : seatsLeft(event)}
          </Text>
        </Flex>
      </article>
    </Card>
  );
}
