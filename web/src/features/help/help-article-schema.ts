import { z } from 'zod';
import { ContentLanguage } from '@/api/gen/model/contentLanguage';
import { ContentStatus } from '@/api/gen/model/contentStatus';
import type { HelpArticle } from '@/api/gen/model/helpArticle';
import type { HelpArticleInput } from '@/api/gen/model/helpArticleInput';
import { maxLengthMessage, requiredMessage } from '@/lib/field-rules';
import { requiredChoice, requiredText } from '@/lib/validation';
import { SLUG_MAX, isSlug } from './help-slug';

/** The labels of the article form; messages are built from them. */
export const ARTICLE_LABELS = {
  title: 'Title',
  slug: 'Slug',
  category: 'Category',
  language: 'Language',
  status: 'Status',
  body_markdown: 'Body',
} as const;

export type ArticleField = keyof typeof ARTICLE_LABELS;
export const ARTICLE_FIELDS = Object.keys(ARTICLE_LABELS) as ArticleField[];

const L = ARTICLE_LABELS;

/** The server's limit on an article's Markdown. */
export const BODY_MAX_LENGTH = 100_000;

export const SLUG_MESSAGE = `${L.slug} may hold only lower-case letters, digits and single hyphens (at most ${SLUG_MAX})`;
/** help/new is the form of a new article, so no article may be at help/new. */
export const RESERVED_SLUG = 'new';
export const RESERVED_SLUG_MESSAGE = `${L.slug} cannot be “${RESERVED_SLUG}”: that address opens the form of a new article`;

const LANGUAGES = Object.values(ContentLanguage) as [ContentLanguage, ...ContentLanguage[]];
const STATUSES = Object.values(ContentStatus) as [ContentStatus, ...ContentStatus[]];

/** The languages an article is written in (which decides how search stems its words). */
export const LANGUAGE_CHOICES: { value: ContentLanguage; label: string }[] = [
  { value: 'en', label: 'English' },
  { value: 'fr', label: 'French' },
];

/**
 * Where an article may go from each state (server/content): a Draft is published; a Published
 * article is taken down as Unpublished and may be published again, never sent back to Draft.
 */
const NEXT_STATUSES: Record<ContentStatus, readonly ContentStatus[]> = {
  Draft: ['Published'],
  Published: ['Unpublished'],
  Unpublished: ['Published'],
};

/** The states the form offers, in the spec's order: the current one (Draft for a new
 *  article) and those it may move to. */
export function statusChoices(current: ContentStatus | undefined): ContentStatus[] {
  const from = current ?? 'Draft';
  const allowed = new Set<ContentStatus>([from, ...NEXT_STATUSES[from]]);
  return STATUSES.filter((status) => allowed.has(status));
}

export const articleFormSchema = z.object({
  title: requiredText(L.title, 200),
  slug: requiredText(L.slug)
    .refine(isSlug, SLUG_MESSAGE)
    .refine((slug) => slug !== RESERVED_SLUG, RESERVED_SLUG_MESSAGE),
  category: z.string().min(1, requiredMessage(L.category)),
  language: requiredChoice(L.language, LANGUAGES),
  status: requiredChoice(L.status, STATUSES),
  // Sent as written (Markdown's spaces matter); only a body of spaces is empty.
  body_markdown: z
    .string()
    .refine((body) => body.trim() !== '', requiredMessage(L.body_markdown))
    .refine(
      (body) => body.length <= BODY_MAX_LENGTH,
      maxLengthMessage(L.body_markdown, BODY_MAX_LENGTH),
    ),
});

/** Form values: every field is the text of its input. */
export type ArticleFormValues = z.input<typeof articleFormSchema>;

export const emptyArticleForm: ArticleFormValues = {
  title: '',
  slug: '',
  category: '',
  language: 'en',
  status: 'Draft',
  body_markdown: '',
};

export function articleToForm(article: HelpArticle): ArticleFormValues {
  return {
    title: article.title,
    slug: article.slug,
    category: article.category,
    language: article.language,
    status: article.status,
    body_markdown: article.body_markdown,
  };
}

/** The API body of valid form values. */
export function formToArticleInput(values: ArticleFormValues): HelpArticleInput {
  return {
    title: values.title.trim(),
    slug: values.slug.trim(),
    category: values.category,
    language: values.language as ContentLanguage,
    status: values.status as ContentStatus,
    body_markdown: values.body_markdown,
  };
}
