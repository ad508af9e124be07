import { Badge, Box, Button, Card, Flex } from '@radix-ui/themes';
import { Link as RouterLink, useParams } from 'react-router';
import { useGetHelpArticle } from '@/api/gen/endpoints/help/help';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { CenteredSpinner } from '@/components/centered-spinner';
import { ErrorPanel, errorTitle } from '@/components/error-panel';
import { Pencil1Icon } from '@/components/icons/pencil-1';
import { PageHeader } from '@/components/page-header';
import { Prose } from '@/components/prose';
import { errorDetails } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { HELP_PATH, helpArticleEditPath } from '@/lib/help-paths';
import { usePageTitle } from '@/lib/page-title';
import { ArticleStatusBadge } from './help-badges';
import { useContentAccess } from './help-access';
import { isSlug } from './help-slug';

/** What a missing article (or a slug no article can have) shows. */
export const ARTICLE_NOT_FOUND = { status: 404, message: 'Article not found' };

/** The language an article is written in, named for a reader of the portal's English. */
export const LANGUAGE_NAMES = { en: 'English', fr: 'French' } as const;

/**
 * help/:slug — an article: its title, category and date, and its text (the server's sanitised
 * HTML of its Markdown). Staff with content.manage see its state and edit it.
 */
export function HelpArticlePage() {
  const { slug = '' } = useParams();
  const valid = isSlug(slug);
  const { canManage } = useContentAccess();
  const query = useGetHelpArticle(slug, { query: { enabled: valid, meta: { toast: false } } });
  const article = query.data;
  const failure = !valid
    ? ARTICLE_NOT_FOUND
    : query.isError
      ? errorDetails(query.error)
      : undefined;
  usePageTitle(...(failure ? [errorTitle(failure)] : [article?.title ?? 'Article', 'Help centre']));

  if (failure) {
    return <ErrorPanel {...failure} back={{ to: HELP_PATH, label: 'Back to the help centre' }} />;
  }
  if (!article) return <CenteredSpinner label="Loading the article" />;

  // The title and text are in the article's language; the portal's own words stay English.
  const lang = article.language === 'en' ? undefined : article.language;
  return (
    <>
      <Breadcrumbs items={[{ label: 'Help centre', to: HELP_PATH }, { label: article.title }]} />
      {/* A reading width: the text's lines stay short on a wide screen. */}
      <Box asChild maxWidth="880px">
        <article>
          <PageHeader
            title={<span lang={lang}>{article.title}</span>}
            description={
              <Flex gap="2" align="center" wrap="wrap" asChild>
                <span>
                  <span>{article.category_name}</span>
                  <span aria-hidden>·</span>
                  <span>Updated {formatDate(article.updated_at)}</span>
                  {lang ? (
                    <Badge color="gray" variant="soft">
                      {LANGUAGE_NAMES[article.language]}
                    </Badge>
                  ) : null}
                  {canManage ? <ArticleStatusBadge status={article.status} /> : null}
                </span>
              </Flex>
            }
            actions={
              canManage ? (
                <Button asChild variant="soft">
                  <RouterLink to={helpArticleEditPath(article.slug)}>
                    <Pencil1Icon aria-hidden /> Edit
                  </RouterLink>
                </Button>
              ) : null
            }
          />
          <Card size={{ initial: '2', sm: '3' }}>
            <Prose sanitisedHtml={article.body_html} lang={lang} />
          </Card>
        </article>
      </Box>
    </>
  );
}
