import { Callout, Flex, Heading, Text, Theme } from '@radix-ui/themes';

/** Shown instead of the app when a required build setting is missing. */
export function ConfigErrorPage({ message }: { message: string }) {
  return (
    <Theme accentColor="blue" appearance="inherit">
      <Flex align="center" justify="center" style={{ minHeight: '100vh' }} p="4">
        <Flex direction="column" gap="3" style={{ maxWidth: 520 }}>
          <Heading as="h1" size="6">
            The portal cannot start
          </Heading>
          <Callout.Root color="red" role="alert">
            <Callout.Text>{message}</Callout.Text>
          </Callout.Root>
          <Text size="2" color="gray">
            Set it in web/.env (VITE_APP_NAME, VITE_STRIPE_PUBLISHABLE_KEY) and build again.
          </Text>
        </Flex>
      </Flex>
    </Theme>
  );
}
