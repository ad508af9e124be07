import { Button, Card, Code, Flex, Heading, Text } from '@radix-ui/themes';
import { Link, useNavigate } from 'react-router';
import { mayPassOnRetry } from '@/api/mutator';
import { ArrowLeftIcon } from '@/components/icons/arrow-left';
import type { ErrorDetails } from '@/lib/errors';

export interface BackLink {
  to: string;
  /** 'Back to clients'. */
  label: string;
}

export interface ErrorPanelProps extends ErrorDetails {
  /** A sentence before what to do next ('The page … does not exist or has moved.'). */
  description?: string;
  /** Where 'back' leads from this page (the list a detail page belongs to); without it the
   *  panel offers the browser's previous page when there is one. */
  back?: BackLink;
}

/**
 * An answer that trying again will not change (403, 404, the other 4xx but 429, 501, 505): the
 * page offers the way back. The failures the mutator retries (mayPassOnRetry) offer 'Try again',
 * and so does a failure without a status.
 */
export function isFinal(status: number | undefined): boolean {
  return status !== undefined && !mayPassOnRetry(status);
}

/** The title parts of an error page: '404 Client not found'. */
export function errorTitle({ status, message }: ErrorDetails): string {
  return status ? `${status} ${message}` : message;
}

/** True when the browser has a previous page of this app to go back to. */
function canGoBack(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

/**
 * A full error page: the status code and message, or 'Something went wrong' (the page that
 * shows it sets the title: errorTitle). A page that
 * is missing or refused (403, 404 and the other final 4xx) offers a way back; a failure that
 * may pass (5xx, the network) offers to try again.
 */
export function ErrorPanel({ status, message, description, back }: ErrorPanelProps) {
  const navigate = useNavigate();
  const final = isFinal(status);
  const first = !final ? (
    <Button onClick={() => window.location.reload()}>Try again</Button>
  ) : back ? (
    <Button asChild>
      <Link to={back.to}>
        <ArrowLeftIcon aria-hidden /> {back.label}
      </Link>
    </Button>
  ) : canGoBack() ? (
    <Button onClick={() => void navigate(-1)}>
      <ArrowLeftIcon aria-hidden /> Go back
    </Button>
  ) : null;
  const next = !final
    ? 'Try again, or go back to the dashboard.'
    : first
      ? 'Go back to where you were, or to the dashboard.'
      : 'Go on from the dashboard.';
  return (
    <Flex align="center" justify="center" py="9" px="3">
      <Card size="4" style={{ maxWidth: 520, width: '100%' }}>
        <Flex direction="column" gap="3" align="start" role="alert">
          {status ? (
            <Code size="6" color="red" variant="ghost" weight="bold">
              {status}
            </Code>
          ) : null}
          <Heading as="h1" size="6">
            {message}
          </Heading>
          <Text size="2" color="gray">
            {description ? `${description} ${next}` : next}
          </Text>
          <Flex gap="3" mt="2" wrap="wrap">
            {first}
            {/* The dashboard is the main way on when there is no other. */}
            <Button asChild {...(first ? { variant: 'soft', color: 'gray' } : {})}>
              <Link to="/">Go to dashboard</Link>
            </Button>
          </Flex>
        </Flex>
      </Card>
    </Flex>
  );
}
