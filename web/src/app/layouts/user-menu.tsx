import { Avatar, Button, DropdownMenu, Flex, Text } from '@radix-ui/themes';
import { useNavigate } from 'react-router';
import type { User } from '@/api/gen/model/user';
import { ExitIcon } from '@/components/icons/exit';
import { PersonIcon } from '@/components/icons/person';
import { initials } from '@/lib/format';

export function UserMenu({ user, onLogout }: { user: User; onLogout: () => void }) {
  const navigate = useNavigate();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <Button variant="ghost" color="gray">
          <span aria-hidden style={{ display: 'inline-flex' }}>
            <Avatar size="1" radius="full" fallback={initials(user.name)} src={user.photo_url} />
          </span>
          {/* The button's name, for assistive technology at every width; the visible name
              beside it is left out on narrow screens. */}
          <span className="sr-only">Account: {user.name}</span>
          <Text size="2" className="user-menu-name" aria-hidden>
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
        {user.code ? (
          <DropdownMenu.Item onSelect={() => navigate('/account')}>
            <PersonIcon /> My account
          </DropdownMenu.Item>
        ) : null}
        <DropdownMenu.Item onSelect={onLogout}>
          <ExitIcon /> Log out
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
