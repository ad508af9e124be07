import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Separator, TextArea, TextField } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { ContentStatus } from '@/api/gen/model/contentStatus';
import type { HelpArticleInput } from '@/api/gen/model/helpArticleInput';
import type { HelpCategory } from '@/api/gen/model/helpCategory';
import { ChoiceSelect, enumChoices, type Choice } from '@/components/choice-select';
import { FormFrame, FormSection } from '@/components/form-frame';
import { FormField, fieldA11y, fieldErrorId } from '@/components/form-field';
import { applyServerErrors } from '@/lib/form';
import { HELP_PATH } from '@/lib/help-paths';
import {
  ARTICLE_FIELDS,
  ARTICLE_LABELS as L,
  LANGUAGE_CHOICES,
  articleFormSchema,
  formToArticleInput,
  statusChoices,
  type ArticleFormValues,
} from './help-article-schema';
import { slugify } from './help-slug';

/** What each state means, under the status select. */
const STATUS_HINTS: Record<ContentStatus, string> = {
  Draft: 'Draft: only staff who manage help see it.',
  Published: 'Published: every associate reads it.',
  Unpublished: 'Unpublished: taken down; only staff who manage help see it.',
};

export interface HelpArticleFormProps {
  defaultValues: ArticleFormValues;
  categories: readonly HelpCategory[];
  /** The article's state as saved; undefined for a new article. */
  currentStatus?: ContentStatus;
  submitLabel: string;
  cancelTo: string;
  /** Sends the body; rejects with the API error. */
  onSubmit: (input: HelpArticleInput) => Promise<unknown>;
  /** Set once the form succeeded: shown as the success message; the form is then locked. */
  successMessage?: string | null;
  error?: unknown;
}

/**
 * The article form (new and edit): react-hook-form + zod, server field errors by the fields. A
 * new article's slug follows its title until the slug is typed in; the states offered are
 * those the article may move to (a Published article is never sent back to Draft).
 */
export function HelpArticleForm({
  defaultValues,
  categories,
  currentStatus,
  submitLabel,
  cancelTo,
  onSubmit,
  successMessage,
  error,
}: HelpArticleFormProps) {
  const isNew = currentStatus === undefined;
  const form = useForm<ArticleFormValues>({
    resolver: zodResolver(articleFormSchema),
    defaultValues,
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const title = useWatch({ control: form.control, name: 'title' });
  const slug = useWatch({ control: form.control, name: 'slug' });
  const status = useWatch({ control: form.control, name: 'status' }) as ContentStatus;
  // A new article's slug is suggested from its title until someone types one.
  const [slugTyped, setSlugTyped] = useState(!isNew);
  useEffect(() => {
    if (slugTyped) return;
    // Checked again only when it shows an error (the suggestion may mend it).
    form.setValue('slug', slugify(title), {
      shouldValidate: Boolean(form.getFieldState('slug').error),
    });
  }, [slugTyped, title, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(formToArticleInput(values));
    } catch (failure) {
      applyServerErrors(failure, form.setError, ARTICLE_FIELDS);
    }
  });

  const err = (name: keyof ArticleFormValues) => errors[name]?.message;
  const id = (name: keyof ArticleFormValues) => `article-${name}`;
  const slugField = form.register('slug', { onChange: () => setSlugTyped(true) });
  const select = (name: 'category' | 'language' | 'status', choices: Choice[], hint?: string) => (
    <FormField id={id(name)} label={L[name]} error={err(name)} hint={hint} required>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <ChoiceSelect
            id={id(name)}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            choices={choices}
            invalid={Boolean(err(name))}
            describedBy={err(name) ? fieldErrorId(id(name)) : undefined}
          />
        )}
      />
    </FormField>
  );

  return (
    <FormFrame
      label="Help article"
      onSubmit={(event) => void submit(event)}
      submitLabel={submitLabel}
      cancelTo={cancelTo}
      isSubmitting={isSubmitting}
      successMessage={successMessage}
      error={error}
    >
      <FormSection id="article-section-about" title="Article">
        <FormField id={id('title')} label={L.title} error={err('title')} required>
          <TextField.Root
            autoComplete="off"
            {...fieldA11y(id('title'), err('title'))}
            {...form.register('title')}
          />
        </FormField>
        <FormField
          id={id('slug')}
          label={L.slug}
          error={err('slug')}
          hint={
            isNew && !slugTyped
              ? 'Suggested from the title: lower-case letters, digits and single hyphens.'
              : `The article's address: ${HELP_PATH}/${slug || '…'}`
          }
          required
        >
          <TextField.Root
            autoComplete="off"
            spellCheck={false}
            {...fieldA11y(id('slug'), err('slug'))}
            {...slugField}
          />
        </FormField>
        {select(
          'category',
          categories.map((c) => ({ value: c.slug, label: c.name })),
        )}
        {select('language', LANGUAGE_CHOICES, 'Search reads the words in this language.')}
        {select(
          'status',
          enumChoices(statusChoices(currentStatus)),
          currentStatus === 'Published' || currentStatus === 'Unpublished'
            ? `${STATUS_HINTS[status] ?? ''} A published article is taken down as Unpublished, never sent back to Draft.`
            : STATUS_HINTS[status],
        )}
      </FormSection>
      <Separator size="4" />
      <FormSection id="article-section-text" title="Text">
        <Box gridColumn="1 / -1">
          <FormField
            id={id('body_markdown')}
            label={L.body_markdown}
            error={err('body_markdown')}
            hint="Markdown: ## headings, **bold**, - lists, [links](https://…), tables and `code`."
            required
          >
            <TextArea
              className="help-markdown"
              rows={18}
              {...fieldA11y(id('body_markdown'), err('body_markdown'))}
              {...form.register('body_markdown')}
            />
          </FormField>
        </Box>
      </FormSection>
    </FormFrame>
  );
}
