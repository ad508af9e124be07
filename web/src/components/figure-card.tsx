import { Card, Flex, Heading, Link, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

export interface FigureCardProps {
  /** The figure's name, a heading (level 3: the cards sit under a section's heading). */
  title: string;
  /** Where the figure's name leads (the list behind it), when there is one. */
  to?: string;
  /** A line under the value: what it is, or what it is made of. */
  note: ReactNode;
  /** The value: a large figure (FigureValue) or an amount of its own. */
  children: ReactNode;
}

/** One figure of a dashboard: its name (a link to what is behind it when there is a list for
 *  it), the value, and a line on what it is. */
export function FigureCard({ title, to, note, children }: FigureCardProps) {
  return (
    <Card size="2">
      <Flex direction="column" gap="1">
        <Heading as="h3" size="2" color="gray" weight="medium">
          {to ? (
            <Link asChild>
              <RouterLink to={to}>{title}</RouterLink>
            </Link>
          ) : (
            title
          )}
        </Heading>
        {children}
        <Text size="1" color="gray">
          {note}
        </Text>
      </Flex>
    </Card>
  );
}

/** The value of a figure card, large and on one line. */
export function FigureValue({ children }: { children: ReactNode }) {
  return (
    <Text size="6" weight="bold" className="nowrap">
      {children}
    </Text>
  );
}
