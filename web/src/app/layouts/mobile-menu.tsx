import { DropdownMenu, IconButton } from '@radix-ui/themes';
import { Link } from 'react-router';
import { CheckIcon } from '@/components/icons/check';
import { HamburgerMenuIcon } from '@/components/icons/hamburger-menu';
import { isActive, type Area, type AreaKey } from '../navigation';

type Current = 'page' | 'true' | undefined;

function Item({ to, label, current }: { to: string; label: string; current: Current }) {
  return (
    <DropdownMenu.Item asChild className="mobile-menu-item">
      <Link to={to} aria-current={current}>
        <span className="mobile-menu-mark" aria-hidden>
          {current ? <CheckIcon /> : null}
        </span>
        {label}
      </Link>
    </DropdownMenu.Item>
  );
}

/**
 * At sm (≤ 768 px) the top navigation and the sidebar collapse into this menu. The current
 * page is marked (aria-current="page" and a check), and so is the current area when the page
 * is below it (aria-current="true").
 */
export function MobileMenu({
  areas,
  current,
  pathname,
}: {
  areas: Area[];
  current: AreaKey;
  pathname: string;
}) {
  const area = areas.find((a) => a.key === current);
  const areaCurrent = (a: Area): Current => {
    if (a.key === 'dashboard') return pathname === '/' ? 'page' : undefined;
    if (a.key !== current) return undefined;
    // The page itself is marked in the area's items below, when it has some.
    return a.sidebar.length === 0 && a.to === pathname ? 'page' : 'true';
  };
  return (
    // Not modal: a modal menu hides the page from assistive technology (aria-hidden) while it
    // is open, with the page's links still in it.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger>
        <IconButton variant="ghost" color="gray" aria-label="Open menu">
          <HamburgerMenuIcon width={18} height={18} />
        </IconButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="start" style={{ minWidth: 220 }}>
        {areas.map((a) => (
          <Item key={a.key} to={a.to} label={a.label} current={areaCurrent(a)} />
        ))}
        {area && area.sidebar.length > 0 ? (
          <>
            <DropdownMenu.Separator />
            <DropdownMenu.Label>{area.label}</DropdownMenu.Label>
            {area.sidebar.map((item) => (
              <Item
                key={item.to}
                to={item.to}
                label={item.label}
                current={isActive(item.to, pathname, item.exact) ? 'page' : undefined}
              />
            ))}
          </>
        ) : null}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
