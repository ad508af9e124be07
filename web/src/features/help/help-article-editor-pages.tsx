import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import {
  useCreateHelpArticle,
  useGetHelpArticle,
  useListHelpCategories,
  useUpdateHelpArticle,
} from '@/api/gen/endpoints/help/help';
import type { HelpArticle } from '@/api/gen/model/helpArticle';
import type { HelpArticleInput } from '@/api/gen/model/helpArticleInput';
import { Breadcrumbs, type Crumb } from '@/components/breadcrumbs';
import { CenteredSpinner } from '@/components/centered-spinner';
import { ErrorPanel, errorTitle } from '@/components/error-panel';
import { PageHeader } from '@/components/page-header';
import { errorDetails, type ErrorDetails } from '@/lib/errors';
import { createdMessage, updatedMessage, useRedirectAfterSuccess } from '@/lib/form';
import { HELP_PATH, helpArticlePath } from '@/lib/help-paths';
import { usePageTitle } from '@/lib/page-title';
import { QUIET_QUERY } from '@/lib/query-meta';
import { useContentAccess } from './help-access';
import { HelpArticleForm } from './help-article-form';
import { articleToForm, emptyArticleForm } from './help-article-schema';
import { ARTICLE_NOT_FOUND } from './help-article-page';
import { isSlug } from './help-slug';
import { useHelpArticleSaved } from './use-help-cache';

/** What a reader without content.manage is told on the forms, before filling one in. */
export const CANNOT_WRITE = {
  status: 403,
  message: 'Only staff who manage the help centre write articles',
};

const BACK_TO_HELP = { to: HELP_PATH, label: 'Back to the help centre' };

/**
 * The article being saved and where the form leads once it is: the article's page (under
 * its new slug when renamed), a second after the success message.
 */
function useSave() {
  const saved = useHelpArticleSaved();
  const [done, setDone] = useState<{ slug: string; message: string } | null>(null);
  useRedirectAfterSuccess(done ? helpArticlePath(done.slug) : null);
  return {
    done,
    finish: async (article: HelpArticle, message: string, previousSlug?: string) => {
      await saved(article, previousSlug);
      setDone({ slug: article.slug, message });
    },
  };
}

/** The frame of both forms: the refusal or failure, the wait, or the form. */
function EditorFrame({
  title,
  crumbs,
  failure,
  ready,
  children,
}: {
  title: string;
  crumbs: readonly Crumb[];
  failure: ErrorDetails | undefined;
  ready: boolean;
  children: ReactNode;
}) {
  usePageTitle(...(failure ? [errorTitle(failure)] : [title, 'Help centre']));
  if (failure) return <ErrorPanel {...failure} back={BACK_TO_HELP} />;
  if (!ready) return <CenteredSpinner />;
  return (
    <>
      <Breadcrumbs items={crumbs} />
      <PageHeader title={title} />
      {children}
    </>
  );
}

/** help/new — a new article (staff with content.manage); it starts as a Draft unless
 *  published at once. */
export function HelpArticleCreatePage() {
  const access = useContentAccess();
  const categories = useListHelpCategories({ query: QUIET_QUERY });
  const create = useCreateHelpArticle({ mutation: { meta: { toast: false } } });
  const { done, finish } = useSave();
  const failure =
    !access.isPending && !access.canManage
      ? CANNOT_WRITE
      : categories.isError
        ? errorDetails(categories.error)
        : undefined;
  return (
    <EditorFrame
      title="New article"
      crumbs={[{ label: 'Help centre', to: HELP_PATH }, { label: 'New article' }]}
      failure={failure}
      ready={!access.isPending && Boolean(categories.data)}
    >
      <HelpArticleForm
        defaultValues={emptyArticleForm}
        categories={categories.data?.data ?? []}
        submitLabel="Create article"
        cancelTo={HELP_PATH}
        successMessage={done?.message}
        // The form shows every failure itself: field errors by the fields, the rest above them.
        error={create.error}
        onSubmit={async (input: HelpArticleInput) => {
          const article = await create.mutateAsync({ data: input });
          await finish(article, createdMessage('Article'));
        }}
      />
    </EditorFrame>
  );
}

/** help/:slug/edit — an article's text, category, slug and state (staff with content.manage). */
export function HelpArticleEditPage() {
  const { slug = '' } = useParams();
  const valid = isSlug(slug);
  const access = useContentAccess();
  const categories = useListHelpCategories({ query: QUIET_QUERY });
  const query = useGetHelpArticle(slug, {
    query: { enabled: valid && access.canManage, meta: { toast: false } },
  });
  const update = useUpdateHelpArticle({ mutation: { meta: { toast: false } } });
  const { done, finish } = useSave();
  const article = query.data;
  const failure = !valid
    ? ARTICLE_NOT_FOUND
    : !access.isPending && !access.canManage
      ? CANNOT_WRITE
      : query.isError
        ? errorDetails(query.error)
        : categories.isError
          ? errorDetails(categories.error)
          : undefined;
  return (
    <EditorFrame
      title={article ? `Edit ${article.title}` : 'Edit article'}
      crumbs={[
        { label: 'Help centre', to: HELP_PATH },
        ...(article ? [{ label: article.title, to: helpArticlePath(article.slug) }] : []),
        { label: 'Edit' },
      ]}
      failure={failure}
      ready={Boolean(article && categories.data)}
    >
      {article ? (
        <HelpArticleForm
          defaultValues={articleToForm(article)}
          categories={categories.data?.data ?? []}
          currentStatus={article.status}
          submitLabel="Save changes"
          cancelTo={helpArticlePath(article.slug)}
          successMessage={done?.message}
          error={update.error}
          onSubmit={async (input: HelpArticleInput) => {
            const saved = await update.mutateAsync({ slug: article.slug, data: input });
            await finish(saved, updatedMessage('Article'), article.slug);
          }}
        />
      ) : null}
    </EditorFrame>
  );
}
