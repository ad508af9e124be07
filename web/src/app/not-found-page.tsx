import { Button, Card, Code, Flex, Heading, Text } from '@radix-ui/themes';
import { Link } from 'react-router';

export function NotFoundPage() {
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
          <Button asChild mt="2">
            <Link to="/">Go to dashboard</Link>
          </Button>
        </Flex>
      </Card>
    </Flex>
  );
}
