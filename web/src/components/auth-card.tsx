import { Card, Flex, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';

/** The card of a public page (the auth layout's pages: password reset, SSO, registration, the
 *  membership agreement, an email confirmation), drawn as the login page is. */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card size="4">
      <Flex direction="column" gap="4">
        <Flex direction="column" gap="1">
          <Heading as="h1" size="6">
            {title}
          </Heading>
          {description ? (
            <Text size="2" color="gray">
              {description}
            </Text>
          ) : null}
        </Flex>
        {children}
      </Flex>
    </Card>
  );
}
