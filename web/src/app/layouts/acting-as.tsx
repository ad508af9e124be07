import { Button, Flex, Popover, Text } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AssociateLookup } from '@/components/associate-lookup';
import { PersonIcon } from '@/components/icons/person';
import { getAccessToken, setAccessToken } from '@/lib/session';

/** Admin app mode: the associate a staff user acts for (sent as the access-token header). */
export function ActingAs() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const current = getAccessToken();

  const apply = (code: string | null) => {
    setAccessToken(code);
    setOpen(false);
    // Everything the app knows belongs to the previous identity.
    queryClient.clear();
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger>
        <Button variant="soft" color={current ? 'orange' : 'gray'} size="1">
          <PersonIcon /> {current ? `Acting as ${current}` : 'Act as associate'}
        </Button>
      </Popover.Trigger>
      <Popover.Content width="320px">
        <Flex direction="column" gap="3">
          <Text size="2" color="gray">
            Choose the associate to act for. Every request is audited.
          </Text>
          <AssociateLookup value={current ?? undefined} onChange={(code) => apply(code ?? null)} />
          {current ? (
            <Button type="button" variant="soft" color="gray" onClick={() => apply(null)}>
              Stop acting
            </Button>
          ) : null}
        </Flex>
      </Popover.Content>
    </Popover.Root>
  );
}
