import { describe, expect, it } from 'vitest';
import { articleFormSchema, emptyArticleForm, statusChoices } from './help-article-schema';

describe('statusChoices', () => {
  it('offers the states the server lets an article move to, never Draft once published', () => {
    expect(statusChoices(undefined)).toEqual(['Draft', 'Published']);
    expect(statusChoices('Draft')).toEqual(['Draft', 'Published']);
    expect(statusChoices('Published')).toEqual(['Published', 'Unpublished']);
    expect(statusChoices('Unpublished')).toEqual(['Published', 'Unpublished']);
  });
});

describe('articleFormSchema', () => {
  const valid = {
    ...emptyArticleForm,
    title: 'Chargebacks',
    slug: 'chargebacks',
    category: 'payments',
    body_markdown: 'Text.',
  };
  const messages = (values: object) =>
    articleFormSchema.safeParse(values).error?.issues.map((i) => i.message) ?? [];

  it('takes a valid article', () => {
    expect(messages(valid)).toEqual([]);
  });

  it('refuses the slug of the new-article form and a body of spaces', () => {
    expect(messages({ ...valid, slug: 'new', body_markdown: ' \n ' })).toEqual([
      'Slug cannot be “new”: that address opens the form of a new article',
      'Body is required',
    ]);
  });

  it('holds the title to 200 characters', () => {
    expect(messages({ ...valid, title: 't'.repeat(201) })).toEqual([
      'Title must be at most 200 characters',
    ]);
  });
});
