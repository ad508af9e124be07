// The store as the page tests meet it: the blue T-shirt in five sizes (XL sold out), a mug, a
// cart, and orders.
import type { Cart } from '@/api/gen/model/cart';
import type { CartLine } from '@/api/gen/model/cartLine';
import type { Checkout } from '@/api/gen/model/checkout';
import type { StoreOrder } from '@/api/gen/model/storeOrder';
import type { StoreOrderSummary } from '@/api/gen/model/storeOrderSummary';
import type { StoreProduct } from '@/api/gen/model/storeProduct';
import type { StoreProductSummary } from '@/api/gen/model/storeProductSummary';

export const SHIRT: StoreProduct = {
  id: 1,
  slug: 'logo-t-shirt-blue',
  name: 'Logo T-Shirt — Blue',
  category: 'Apparel',
  price_cents: 2000,
  currency: 'USD',
  image_url: 'https://files.example.com/shirt-1.png',
  in_stock: true,
  sizes: ['S', 'M', 'L', 'XL', 'XXL'],
  description_html: '<p>Soft cotton tee with the logo on the chest.</p>',
  image_urls: ['https://files.example.com/shirt-1.png', 'https://files.example.com/shirt-2.png'],
  variants: [
    { id: 11, sku: 'LOGOTSHIRTBL-001-S', size: 'S', stock: 40 },
    { id: 12, sku: 'LOGOTSHIRTBL-001-M', size: 'M', stock: 3 },
    { id: 13, sku: 'LOGOTSHIRTBL-001-L', size: 'L', stock: 25 },
    { id: 14, sku: 'LOGOTSHIRTBL-001-XL', size: 'XL', stock: 0 },
    { id: 15, sku: 'LOGOTSHIRTBL-001-XXL', size: 'XXL', stock: 12 },
  ],
};

export const MUG: StoreProduct = {
  id: 2,
  slug: 'travel-mug',
  name: 'Travel Mug',
  category: 'Accessories',
  price_cents: 1800,
  currency: 'USD',
  image_url: 'https://files.example.com/mug-1.png',
  in_stock: true,
  sizes: [],
  description_html: '<p>Insulated steel mug, 16 oz.</p>',
  image_urls: ['https://files.example.com/mug-1.png'],
  variants: [{ id: 21, sku: 'TRAVELMUG-002', stock: 30 }],
};

export const HOODIE: StoreProductSummary = {
  id: 3,
  slug: 'conference-hoodie',
  name: 'Conference Hoodie',
  category: 'Apparel',
  price_cents: 4800,
  currency: 'USD',
  in_stock: false,
  sizes: ['S', 'M', 'L', 'XL', 'XXL'],
};

/** A product as the lists answer it. */
export function summary(product: StoreProduct): StoreProductSummary {
  const { description_html: _d, image_urls: _i, variants: _v, ...rest } = product;
  return rest;
}

export function cartLine(overrides: Partial<CartLine> = {}): CartLine {
  const line: CartLine = {
    variant_id: 12,
    product_slug: SHIRT.slug,
    product_name: SHIRT.name,
    sku: 'LOGOTSHIRTBL-001-M',
    size: 'M',
    image_url: SHIRT.image_url,
    quantity: 2,
    unit_price_cents: 2000,
    line_total_cents: 4000,
    available: 3,
    ...overrides,
  };
  return { ...line, line_total_cents: line.quantity * line.unit_price_cents };
}

/** A cart of `lines`, added up as the server does. */
export function cartOf(lines: CartLine[]): Cart {
  return {
    lines,
    item_count: lines.reduce((n, l) => n + l.quantity, 0),
    total_cents: lines.reduce((n, l) => n + l.line_total_cents, 0),
    currency: 'USD',
    ready: lines.length > 0 && lines.every((l) => !l.problem),
  };
}

export const EMPTY_CART = cartOf([]);

export function order(overrides: Partial<StoreOrder> = {}): StoreOrder {
  return {
    id: 42,
    associate_code: 'AGT100',
    associate_name: 'Alex Carter',
    created_at: '2026-11-20T15:00:00Z',
    total_cents: 5800,
    currency: 'USD',
    payment_status: 'Pending',
    fulfilment: 'Pending',
    item_count: 3,
    demo_payment: true,
    lines: [
      {
        variant_id: 12,
        product_slug: SHIRT.slug,
        product_name: SHIRT.name,
        sku: 'LOGOTSHIRTBL-001-M',
        size: 'M',
        unit_price_cents: 2000,
        quantity: 2,
        line_total_cents: 4000,
      },
      {
        variant_id: 21,
        product_slug: MUG.slug,
        product_name: MUG.name,
        sku: 'TRAVELMUG-002',
        unit_price_cents: 1800,
        quantity: 1,
        line_total_cents: 1800,
      },
    ],
    history: [],
    fulfilment_moves: [],
    ...overrides,
  };
}

export function orderSummary(o: StoreOrder): StoreOrderSummary {
  const { lines: _l, history: _h, fulfilment_moves: _f, ...rest } = o;
  return rest;
}

export function checkout(overrides: Partial<Checkout> = {}): Checkout {
  return {
    order: order(),
    client_secret: 'pi_3Abc_secret_Xyz',
    publishable_key: 'pk_test_portal',
    demo: true,
    ...overrides,
  };
}
