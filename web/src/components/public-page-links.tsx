import { Flex, Link, Text } from '@radix-ui/themes';
import { Link as RouterLink } from 'react-router';
import { PUBLIC_PAGE_LINKS, publicPagePath } from '@/lib/public-page-paths';

/** The links to the public pages under a public page's card (the login page, a public page).
 *  `current` is the slug of the page shown, marked rather than linked. */
export function PublicPageLinks({ current }: { current?: string }) {
  return (
    <Flex asChild justify="center" gap="4" wrap="wrap" mt="4">
      <nav aria-label="About the portal">
        {PUBLIC_PAGE_LINKS.map(({ slug, label }) => (
          <Text key={slug} size="2">
            {slug === current ? (
              <Text color="gray" aria-current="page">
                {label}
              </Text>
            ) : (
              <Link asChild color="gray" underline="always">
                <RouterLink to={publicPagePath(slug)}>{label}</RouterLink>
              </Link>
            )}
          </Text>
        ))}
      </nav>
    </Flex>
  );
}
