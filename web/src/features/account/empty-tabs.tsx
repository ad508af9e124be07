import { Card, Flex, Heading, Text } from '@radix-ui/themes';

/** A tab whose list has nothing to show yet, said plainly. */
function EmptyTab({ title, message, detail }: { title: string; message: string; detail: string }) {
  return (
    <Flex direction="column" gap="3">
      <Heading as="h2" size="4">
        {title}
      </Heading>
      <Card size="3">
        <Flex direction="column" align="center" gap="2" py="5">
          <Text weight="medium">{message}</Text>
          <Text size="2" color="gray" align="center">
            {detail}
          </Text>
        </Flex>
      </Card>
    </Flex>
  );
}

// The portal does not keep purchases yet (their operations are still to come): the tab says
// so rather than ask for anything.

/** account/purchase-history */
export function PurchaseHistoryTab() {
  return (
    <EmptyTab
      title="Purchase history"
      message="No purchases yet"
      detail="Your orders from the store will be listed here."
    />
  );
}
