import { ExitIcon } from '@radix-ui/react-icons';
import { Avatar, Button, DropdownMenu, Flex, Text } from '@radix-ui/themes';
import type { User } from '@/api/gen/model/user';

function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase())
      .join('') || '?'
  );
}

export function UserMenu({ user, onLogout }: { user: User; onLogout: () => void }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <Button variant="ghost" color="gray" aria-label={`Account: ${user.name}`}>
          <Avatar size="1" radius="full" fallback={initials(user.name)} src={user.photo_url} />
          <Text size="2" className="user-menu-name">
            {user.name}
          </Text>
          <DropdownMenu.TriggerIcon />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end">
        <Flex direction="column" px="3" py="2" gap="1">
          <Text size="2" weight="medium">
            {user.name}
          </Text>
          <Text size="1" color="gray">
            {[user.code, user.level?.name].filter(Boolean).join(' · ') || user.email}
          </Text>
        </Flex>
        <DropdownMenu.Separator />
        <DropdownMenu.Item onSelect={onLogout}>
          <ExitIcon /> Log out
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
