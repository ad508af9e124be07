import { Flex, Text } from '@radix-ui/themes';
import { Link } from 'react-router';
import { isActive, type Area } from '../navigation';

export function Sidebar({ area, pathname }: { area: Area; pathname: string }) {
  return (
    <nav aria-label={`${area.label} menu`} className="app-sidebar">
      <Text
        as="div"
        size="1"
        weight="bold"
        color="gray"
        mb="2"
        ml="3"
        style={{ textTransform: 'uppercase', letterSpacing: '0.04em' }}
      >
        {area.label}
      </Text>
      <Flex direction="column" gap="1" asChild>
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {area.sidebar.map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                className="sidebar-link"
                aria-current={isActive(item.to, pathname, item.exact) ? 'page' : undefined}
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </Flex>
    </nav>
  );
}
