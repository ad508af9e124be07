import { Button, Card, Code, Flex, Heading, Text } from '@radix-ui/themes';
import { Link } from 'react-router';

export interface ErrorDetails {
  status?: number;
  message: string;
}

/** A full error page: the status code and message, or 'Something went wrong'. */
export function ErrorPanel({ status, message }: ErrorDetails) {
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
            Try again, or go back to the dashboard.
          </Text>
          <Flex gap="3" mt="2" wrap="wrap">
            <Button onClick={() => window.location.reload()}>Try again</Button>
            <Button variant="soft" color="gray" asChild>
              <Link to="/">Go to dashboard</Link>
            </Button>
          </Flex>
        </Flex>
      </Card>
    </Flex>
  );
}
