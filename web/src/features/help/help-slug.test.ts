import { describe, expect, it } from 'vitest';
import { SLUG_MAX, isSlug, slugify } from './help-slug';

describe('slugify', () => {
  it.each([
    ['Advances and escrow', 'advances-and-escrow'],
    ['Welcome to the Associate Portal', 'welcome-to-the-associate-portal'],
    ['Team views: Personal, Base Shop and more', 'team-views-personal-base-shop-and-more'],
    ['Modifier vos renseignements bancaires', 'modifier-vos-renseignements-bancaires'],
    ["Le portail est l'endroit où été", 'le-portail-est-l-endroit-ou-ete'],
    ['Errors & omissions (E&O) 2026', 'errors-omissions-e-o-2026'],
    ['  --  ', ''],
  ])('%s → %s', (title, slug) => {
    expect(slugify(title)).toBe(slug);
    expect(slug === '' || isSlug(slug)).toBe(true);
  });

  it('keeps whole words within the limit', () => {
    const slug = slugify('word '.repeat(40));
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX);
    expect(slug.endsWith('word')).toBe(true);
    expect(slugify('x'.repeat(150))).toBe('x'.repeat(SLUG_MAX));
  });
});

describe('isSlug', () => {
  it('takes lower-case letters, digits and single hyphens', () => {
    expect(isSlug('advances-and-escrow')).toBe(true);
    expect(isSlug('w9')).toBe(true);
    for (const bad of ['', 'Advances', 'a--b', '-a', 'a-', 'a b', 'é', 'x'.repeat(101)]) {
      expect(isSlug(bad)).toBe(false);
    }
  });
});
