import { HamburgerMenuIcon } from '@radix-ui/react-icons';
import { DropdownMenu, IconButton } from '@radix-ui/themes';
import { useNavigate } from 'react-router';
import type { Area, AreaKey } from '../navigation';

/** At sm (≤ 768 px) the top navigation and the sidebar collapse into this menu. */
export function MobileMenu({ areas, current }: { areas: Area[]; current: AreaKey }) {
  const navigate = useNavigate();
  const area = areas.find((a) => a.key === current);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <IconButton variant="ghost" color="gray" aria-label="Open menu">
          <HamburgerMenuIcon width={18} height={18} />
        </IconButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="start" style={{ minWidth: 220 }}>
        {areas.map((a) => (
          <DropdownMenu.Item key={a.key} onSelect={() => navigate(a.to)}>
            {a.label}
          </DropdownMenu.Item>
        ))}
        {area && area.sidebar.length > 0 ? (
          <>
            <DropdownMenu.Separator />
            <DropdownMenu.Label>{area.label}</DropdownMenu.Label>
            {area.sidebar.map((item) => (
              <DropdownMenu.Item key={item.to} onSelect={() => navigate(item.to)}>
                {item.label}
              </DropdownMenu.Item>
            ))}
          </>
        ) : null}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
