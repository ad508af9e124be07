import { Flex, Spinner, Text } from '@radix-ui/themes';

/** The centred spinner shown while a lazily loaded view or its data loads. */
export function CenteredSpinner({
  label = 'Loading',
  fullPage = false,
}: {
  label?: string;
  fullPage?: boolean;
}) {
  return (
    <Flex
      role="status"
      aria-live="polite"
      align="center"
      justify="center"
      direction="column"
      gap="3"
      style={{ minHeight: fullPage ? '100vh' : '40vh', width: '100%' }}
    >
      <Spinner size="3" />
      <Text size="2" color="gray">
        {label}…
      </Text>
    </Flex>
  );
}
