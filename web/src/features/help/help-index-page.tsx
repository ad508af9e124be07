import { Box, Button, Card, Flex, Grid, Heading, Link, Text, TextField } from '@radix-ui/themes';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useListHelpCategories, useSearchHelp } from '@/api/gen/endpoints/help/help';
import type { HelpArticleSummary } from '@/api/gen/model/helpArticleSummary';
import type { HelpCategory } from '@/api/gen/model/helpCategory';
import { CenteredSpinner } from '@/components/centered-spinner';
import { ErrorCallout } from '@/components/error-callout';
import { isFinal } from '@/components/error-panel';
import { ExclamationTriangleIcon } from '@/components/icons/exclamation-triangle';
import { MagnifyingGlassIcon } from '@/components/icons/magnifying-glass';
import { PlusIcon } from '@/components/icons/plus';
import { ReloadIcon } from '@/components/icons/reload';
import { PageHeader } from '@/components/page-header';
import { errorMessage, errorStatus } from '@/lib/errors';
import {
  HELP_CREATE_PATH,
  HELP_PATH,
  helpArticlePath,
  helpSearchPath,
  helpTopicPath,
} from '@/lib/help-paths';
import { usePageTitle } from '@/lib/page-title';
import { QUIET_QUERY } from '@/lib/query-meta';
import { ArticleStatusBadge } from './help-badges';
import { useContentAccess } from './help-access';
import { HelpSnippet } from './help-snippet';
import { TOPIC_PAGE_SIZE, TOPIC_PREVIEW, useTopicArticles } from './use-help-articles';
import './help.css';

/** The longest search the server takes. */
export const SEARCH_MAX_LENGTH = 200;
/** How many results a search shows (the best first). */
export const SEARCH_LIMIT = 20;

const articles = (n: number) => `${n} ${n === 1 ? 'article' : 'articles'}`;

/**
 * help — the help centre: a search at the top (its words in the URL, ?q=), then the categories
 * in their order with their first articles' titles; with ?q=, the search's results instead,
 * and with ?topic=slug all of one topic's articles, a page at a time. Staff
 * with content.manage also see Drafts and Unpublished articles (marked) and write new ones.
 */
export function HelpIndexPage() {
  const [searchParams] = useSearchParams();
  const q = (searchParams.get('q') ?? '').trim().slice(0, SEARCH_MAX_LENGTH);
  const topic = searchParams.get('topic') ?? '';
  const { canManage } = useContentAccess();
  // The same query as the topics' (one request): a topic's page is titled by its name.
  const topicName = useListHelpCategories({
    query: { ...QUIET_QUERY, enabled: topic !== '' && q === '' },
  }).data?.data.find((c) => c.slug === topic)?.name;
  usePageTitle(
    ...(q
      ? [`Results for ${q}`, 'Help centre']
      : topic && topicName
        ? [topicName, 'Help centre']
        : ['Help centre']),
  );
  return (
    <>
      <PageHeader
        title="Help centre"
        description="Answers about the portal: search, or browse the topics."
        actions={
          canManage ? (
            <Button asChild>
              <RouterLink to={HELP_CREATE_PATH}>
                <PlusIcon aria-hidden /> New article
              </RouterLink>
            </Button>
          ) : null
        }
      />
      <HelpSearchForm key={q} q={q} />
      {q ? (
        <HelpSearchResults q={q} />
      ) : topic ? (
        <HelpTopicArticles key={topic} slug={topic} canManage={canManage} />
      ) : (
        <HelpTopics canManage={canManage} />
      )}
    </>
  );
}

/** The search box: submitting puts the words in the URL (help?q=words); none shows the topics. */
function HelpSearchForm({ q }: { q: string }) {
  const navigate = useNavigate();
  const [words, setWords] = useState(q);
  return (
    <Box asChild mb="5">
      <form
        role="search"
        aria-label="Help"
        onSubmit={(event) => {
          event.preventDefault();
          const text = words.trim();
          navigate(text ? helpSearchPath(text) : HELP_PATH);
        }}
      >
        <Flex gap="2" align="center">
          <Box flexGrow="1">
            <TextField.Root
              size="3"
              type="search"
              aria-label="Search help"
              placeholder="Search help, e.g. escrow"
              maxLength={SEARCH_MAX_LENGTH}
              value={words}
              onChange={(event) => setWords(event.target.value)}
            >
              <TextField.Slot>
                <MagnifyingGlassIcon aria-hidden width={18} height={18} />
              </TextField.Slot>
            </TextField.Root>
          </Box>
          <Button size="3" type="submit">
            Search
          </Button>
        </Flex>
      </form>
    </Box>
  );
}

/** A part of the page that could not be loaded, with Retry unless trying again cannot help. */
function LoadFailure({
  title,
  error,
  onRetry,
  retrying,
}: {
  title: string;
  error: unknown;
  onRetry: () => unknown;
  retrying: boolean;
}) {
  return (
    <Card size="2">
      <Flex direction="column" align="center" gap="2" py="4" role="alert">
        <Flex align="center" gap="2">
          <Text color="red" asChild>
            <ExclamationTriangleIcon aria-hidden />
          </Text>
          <Text weight="medium">{title}</Text>
        </Flex>
        <Text size="2" color="gray" align="center">
          {errorMessage(error)}
        </Text>
        {isFinal(errorStatus(error)) ? null : (
          <Button mt="2" variant="soft" onClick={() => void onRetry()} loading={retrying}>
            <ReloadIcon aria-hidden /> Retry
          </Button>
        )}
      </Flex>
    </Card>
  );
}

/** Nothing to show, said plainly. */
function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Card size="2">
      <Flex direction="column" align="center" gap="2" py="4">
        <Text weight="medium">{title}</Text>
        {children ? (
          <Text size="2" color="gray" align="center">
            {children}
          </Text>
        ) : null}
      </Flex>
    </Card>
  );
}

/** The categories in their order, each with its count and its first articles' titles. */
function HelpTopics({ canManage }: { canManage: boolean }) {
  const categories = useListHelpCategories({ query: QUIET_QUERY });
  if (categories.isError) {
    return (
      <LoadFailure
        title="The help topics could not be loaded"
        error={categories.error}
        onRetry={() => categories.refetch()}
        retrying={categories.isFetching}
      />
    );
  }
  if (!categories.data) {
    return <CenteredSpinner label="Loading the help topics" />;
  }
  if (categories.data.data.length === 0) {
    return <Empty title="No help topics yet" />;
  }
  return (
    <Grid columns={{ initial: '1', md: '2' }} gap="4">
      {categories.data.data.map((category) => (
        <HelpTopic key={category.slug} category={category} canManage={canManage} />
      ))}
    </Grid>
  );
}

/** A topic's card on the index: its first articles, and a link to them all when there are more. */
function HelpTopic({ category, canManage }: { category: HelpCategory; canManage: boolean }) {
  const headingId = useId();
  // Only the first page is ever read here: its rows are the preview.
  const topic = useTopicArticles(category.slug, TOPIC_PREVIEW);
  const shown = topic.articles;
  return (
    <Card size="2" asChild>
      <section aria-labelledby={headingId}>
        <Flex justify="between" align="baseline" gap="3" mb="3" wrap="wrap">
          <Heading as="h2" size="4" id={headingId}>
            {category.name}
          </Heading>
          <Text size="2" color="gray">
            {articles(category.articles)}
          </Text>
        </Flex>
        {topic.query.isError ? (
          <Flex direction="column" align="start" gap="2" role="alert">
            <Text size="2" color="red">
              {errorMessage(topic.query.error)}
            </Text>
            <Button size="1" variant="soft" onClick={() => void topic.query.refetch()}>
              <ReloadIcon aria-hidden /> Retry
            </Button>
          </Flex>
        ) : topic.query.isPending ? (
          <Text as="p" size="2" color="gray">
            Loading the articles…
          </Text>
        ) : shown.length === 0 ? (
          <Text as="p" size="2" color="gray">
            No articles in this topic yet.
          </Text>
        ) : (
          <>
            <ArticleList list={shown} canManage={canManage} />
            {topic.hasMore ? (
              <Box mt="3">
                <Link asChild size="2" weight="medium">
                  <RouterLink to={helpTopicPath(category.slug)}>
                    All {articles(category.articles)} in {category.name}
                  </RouterLink>
                </Link>
              </Box>
            ) : null}
          </>
        )}
      </section>
    </Card>
  );
}

/** Article titles linking to the articles; staff who manage content see each one's state. */
function ArticleList({
  list,
  canManage,
}: {
  list: readonly HelpArticleSummary[];
  canManage: boolean;
}) {
  return (
    <ul className="help-topic-list">
      {list.map((article) => (
        <li key={article.id}>
          <Link asChild size="2">
            <RouterLink
              to={helpArticlePath(article.slug)}
              lang={article.language === 'en' ? undefined : article.language}
            >
              {article.title}
            </RouterLink>
          </Link>
          {canManage ? <ArticleStatusBadge status={article.status} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** One topic's articles, all of them, read a page at a time (help?topic=slug). */
function HelpTopicArticles({ slug, canManage }: { slug: string; canManage: boolean }) {
  const categories = useListHelpCategories({ query: QUIET_QUERY });
  const category = categories.data?.data.find((c) => c.slug === slug);
  const topic = useTopicArticles(slug, TOPIC_PAGE_SIZE);
  const failed = categories.isError ? categories : topic.articles.length === 0 ? topic.query : null;
  return (
    <section aria-labelledby="help-topic-heading">
      <Flex justify="between" align="baseline" gap="3" mb="3" wrap="wrap">
        <Heading as="h2" size="4" id="help-topic-heading">
          {category?.name ?? 'Help topic'}
        </Heading>
        <Link asChild size="2">
          <RouterLink to={HELP_PATH}>All help topics</RouterLink>
        </Link>
      </Flex>
      {failed?.isError ? (
        <LoadFailure
          title="The topic could not be loaded"
          error={failed.error}
          onRetry={() => failed.refetch()}
          retrying={failed.isFetching}
        />
      ) : !categories.data || topic.query.isPending ? (
        <CenteredSpinner label="Loading the articles" />
      ) : !category ? (
        <Empty title="No such help topic">
          It may have been renamed; browse{' '}
          <Link asChild>
            <RouterLink to={HELP_PATH}>all help topics</RouterLink>
          </Link>
          .
        </Empty>
      ) : topic.articles.length === 0 ? (
        <Empty title="No articles in this topic yet" />
      ) : (
        <Card size="2">
          <Text as="p" size="2" color="gray" mb="3">
            {articles(category.articles)}, by title.
          </Text>
          <ArticleList list={topic.articles} canManage={canManage} />
          {topic.query.isFetchNextPageError ? (
            <Box mt="3">
              <ErrorCallout error={topic.query.error} title="More articles could not be loaded" />
            </Box>
          ) : null}
          {topic.hasMore ? (
            <Button
              mt="3"
              variant="soft"
              onClick={topic.more}
              loading={topic.query.isFetchingNextPage}
            >
              {topic.query.isFetchNextPageError ? 'Try again' : 'Show more'}
            </Button>
          ) : null}
        </Card>
      )}
    </section>
  );
}

/** The articles that match the words, the best first, each with its marked passage. */
function HelpSearchResults({ q }: { q: string }) {
  const search = useSearchHelp({ q, limit: SEARCH_LIMIT }, { query: QUIET_QUERY });
  const results = search.data?.data;
  return (
    <section aria-labelledby="help-results-heading">
      <Flex justify="between" align="baseline" gap="3" mb="3" wrap="wrap">
        <Heading as="h2" size="4" id="help-results-heading">
          Results for “{q}”
        </Heading>
        <Link asChild size="2">
          <RouterLink to={HELP_PATH}>All help topics</RouterLink>
        </Link>
      </Flex>
      {search.isError ? (
        <LoadFailure
          title="The search failed"
          error={search.error}
          onRetry={() => search.refetch()}
          retrying={search.isFetching}
        />
      ) : !results ? (
        <CenteredSpinner label="Searching" />
      ) : results.length === 0 ? (
        <Empty title={`No articles match “${q}”`}>
          Try other or fewer words, or browse{' '}
          <Link asChild>
            <RouterLink to={HELP_PATH}>all help topics</RouterLink>
          </Link>
          .
        </Empty>
      ) : (
        <>
          <Text as="p" size="2" color="gray" mb="3" role="status">
            {results.length === SEARCH_LIMIT
              ? `The ${SEARCH_LIMIT} best matches; add words to narrow the search.`
              : `${articles(results.length)} found.`}
          </Text>
          <ol className="help-results">
            {results.map((result) => (
              <li key={result.slug}>
                <Card size="2">
                  <Flex direction="column" gap="1">
                    <Heading as="h3" size="3">
                      <Link asChild>
                        <RouterLink to={helpArticlePath(result.slug)}>{result.title}</RouterLink>
                      </Link>
                    </Heading>
                    <Text size="1" color="gray">
                      {result.category_name}
                    </Text>
                    <HelpSnippet parts={result.snippet} />
                  </Flex>
                </Card>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
