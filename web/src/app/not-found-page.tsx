import { Button, Card, Code, Flex, Heading, Text } from '@radix-ui/themes';
import { Link, useNavigate } from 'react-router';
import { usePageTitle } from '@/lib/page-title';

export function NotFoundPage() {
  const navigate = useNavigate();
  usePageTitle('Page not found');
  const state = window.history.state as { idx?: number } | null;
  const canGoBack = typeof state?.idx === 'number' && state.idx > 0;
  return (
    <Flex align="center" justify="center" py="9" px="3">
      <Card size="4" style={{ maxWidth: 520, width: '100%' }}>
        <Flex direction="column" gap="3" align="start">
          <Code size="4" variant="ghost">
            404
          </Code>
          <Heading as="h1" size="6">
            Page not found
          </Heading>
          <Text size="2" color="gray">
            The page you are looking for does not exist or has moved.
          </Text>
          <Flex gap="3" mt="2" wrap="wrap">
            {canGoBack ? <Button onClick={() => void navigate(-1)}>Go back</Button> : null}
            <Button
              asChild
              variant={canGoBack ? 'soft' : 'solid'}
              color={canGoBack ? 'gray' : undefined}
            >
              <Link to="/">Go to dashboard</Link>
            </Button>
          </Flex>
        </Flex>
      </Card>
    </Flex>
  );
}
