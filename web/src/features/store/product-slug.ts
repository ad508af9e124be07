// Product slugs, as the contract takes them (lower-case letters, digits and single hyphens, at
// most 100 characters): a path that cannot be one is not asked for.

const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export const isProductSlug = (text: string) => text.length <= 100 && SLUG_PATTERN.test(text);

/** What a missing product (off sale, or a slug no product can have) shows. */
export const PRODUCT_NOT_FOUND = { status: 404, message: 'Product not found' };
