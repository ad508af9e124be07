import { Flex, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';

export function PageHeader({
  title,
  description,
  actions,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Flex
      justify="between"
      align={{ initial: 'start', md: 'end' }}
      direction={{ initial: 'column', md: 'row' }}
      gap="3"
      mb="5"
    >
      <Flex direction="column" gap="1">
        <Heading as="h1" size="7">
          {title}
        </Heading>
        {description ? (
          <Text size="2" color="gray">
            {description}
          </Text>
        ) : null}
      </Flex>
      {actions ? (
        <Flex gap="2" wrap="wrap">
          {actions}
        </Flex>
      ) : null}
    </Flex>
  );
}
