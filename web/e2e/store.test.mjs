// The store, in demo payment mode (the e2e portald has no Stripe keys): the demo agent opens
// the store from the header, narrows the products to Apparel, opens "Logo T-Shirt — Blue",
// picks size M and two of it, adds them to the cart, changes the quantity there (and is told
// in the server's words when asking for more than is in stock), checks out, pays with Pay
// (demo), sees the confirmation and the order Paid in the account's purchase history; then
// staff with store.manage find the order and move its fulfilment to Processing, which the
// agent's purchase history shows. Every page on the way passes the standing check (axe in
// light and dark, a title of its own); the cart and the products fit a phone and the
// breakpoint.
//
// The file runs after agent-journey.test.mjs (files run in name order), so the agent has
// acknowledged what waits.
import assert from 'node:assert/strict';
import { expectAccessible } from './axe.mjs';
import {
  AGENT,
  STAFF,
  VIEWPORTS,
  acknowledgeAll,
  e2e,
  emptyCart,
  expectNoSideways,
  login,
  newPage,
} from './support.mjs';

const SHIRT = 'Logo T-Shirt — Blue';
const SHIRT_SLUG = 'logo-t-shirt-blue';

e2e(
  'store: the agent buys a T-shirt in demo payment mode, and staff fulfil it',
  async ({ browser }) => {
    const page = await newPage(browser);
    await login(page, AGENT);
    await acknowledgeAll(page);
    await emptyCart(page);

    // The store is in the header, beside Help; its front shows the categories.
    await page.getByRole('banner').getByRole('link', { name: 'Store', exact: true }).click();
    await page.getByRole('heading', { name: 'Store', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Apparel' }).getByRole('article').first().waitFor();
    await expectAccessible(page, 'store');

    // Apparel: the list narrowed in the URL.
    await page
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('link', { name: 'Apparel' })
      .click();
    await page.getByRole('heading', { name: 'Apparel', level: 1 }).waitFor();
    assert.equal(new URL(page.url()).searchParams.get('filter[category][eq]'), 'Apparel');
    const shirt = page.getByRole('article', { name: SHIRT });
    await shirt.waitFor();
    await page
      .getByRole('article', { name: 'Conference Hoodie' })
      .getByText('Sold out', { exact: true })
      .waitFor();
    await expectAccessible(page, 'products');
    for (const [name, viewport] of [
      ['768 px', VIEWPORTS.tablet],
      ['390 px', VIEWPORTS.phone],
    ]) {
      await page.setViewportSize(viewport);
      await shirt.waitFor();
      await expectNoSideways(page, `products at ${name}`);
    }
    await page.setViewportSize(VIEWPORTS.desktop);

    // The sold-out hoodie offers no size and nothing to add.
    await page.goto('/store/products/conference-hoodie');
    await page.getByText('This product is sold out.').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Add to cart' }).count(), 0);
    for (const radio of await page.getByRole('radio').all()) {
      assert.ok(await radio.isDisabled(), 'every size of the hoodie is sold out');
    }
    await page.goBack();

    // The T-shirt: size M, two of it.
    await shirt.getByRole('link', { name: SHIRT }).click();
    await page.getByRole('heading', { name: SHIRT, level: 1 }).waitFor();
    assert.equal(new URL(page.url()).pathname, `/store/products/${SHIRT_SLUG}`);
    await page.getByText('$20.00', { exact: true }).waitFor();
    await expectAccessible(page, 'product');
    await page.getByRole('radio', { name: /^M\b/ }).check();
    await page.getByRole('button', { name: 'One more' }).click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('status').getByText(`Added to your cart: ${SHIRT}, size M × 2.`).waitFor();
    await expectAccessible(page, 'product added to the cart');

    // The cart: the line, its quantity changed on the server, the totals.
    const menu = page.getByRole('navigation', { name: 'Store' });
    await menu.getByRole('link', { name: /^Cart\s*2\s*items$/ }).click();
    await page.getByRole('heading', { name: 'Your cart', level: 1 }).waitFor();
    const total = page.getByTestId('cart-total');
    await total.getByText('$40.00').waitFor();
    await expectAccessible(page, 'cart');
    const line = `${SHIRT} (M)`;
    await page.getByRole('button', { name: `One more ${line}` }).click();
    await total.getByText('$60.00').waitFor();
    await menu.getByRole('link', { name: /^Cart\s*3\s*items$/ }).waitFor();
    // More than the stock (at most 64 of a size): the server's words under the line.
    const quantity = page.getByRole('textbox', { name: `Quantity of ${line}` });
    await quantity.fill('99');
    await quantity.press('Enter');
    await page
      .getByRole('list', { name: 'Items in your cart' })
      .getByRole('alert')
      .getByText(/^Only \d+ left in stock\.$/)
      .waitFor();
    await total.getByText('$60.00').waitFor();
    await page.getByRole('button', { name: `One fewer ${line}` }).click();
    await total.getByText('$40.00').waitFor();
    await expectAccessible(page, 'cart after changes');
    for (const [name, viewport] of [
      ['768 px', VIEWPORTS.tablet],
      ['390 px', VIEWPORTS.phone],
    ]) {
      await page.setViewportSize(viewport);
      await total.waitFor();
      await expectNoSideways(page, `cart at ${name}`);
    }
    await page.setViewportSize(VIEWPORTS.desktop);

    // Checkout: place the order, then the demo payment, clearly labelled.
    await page.getByRole('link', { name: 'Check out' }).click();
    await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Your order' }).getByText(line).waitFor();
    await expectAccessible(page, 'checkout');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByText('Demo payment mode — no card is charged.').waitFor();
    const orderId = Number(new URL(page.url()).searchParams.get('order'));
    assert.ok(orderId > 0, `the order is in the address (${page.url()})`);
    const title = `Order #${orderId}`;
    await expectAccessible(page, 'checkout, demo payment');
    await page.getByRole('button', { name: 'Pay (demo)' }).click();
    await page.getByRole('heading', { name: `Thank you: ${title} is paid` }).waitFor();
    await expectAccessible(page, 'checkout, paid');
    await page.setViewportSize(VIEWPORTS.phone);
    await expectNoSideways(page, 'checkout, paid at 390 px');
    await page.setViewportSize(VIEWPORTS.desktop);

    // The purchase history: the order, Paid, its delivery Pending.
    await page.getByRole('link', { name: 'Your purchase history' }).click();
    await page.waitForURL('**/account/purchase-history');
    const history = page.getByRole('table', { name: 'Purchase history' });
    const row = history.getByRole('row').filter({ has: page.getByRole('link', { name: title }) });
    await row.getByText('Paid', { exact: true }).waitFor();
    await row.getByText('$40.00').waitFor();
    await row.getByText('Pending', { exact: true }).waitFor();
    await expectAccessible(page, 'purchase history');
    await row.getByRole('link', { name: title }).click();
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await page.getByText('Payment: Pending → Paid').waitFor();
    await expectAccessible(page, 'order');
    // The 409 of the quantity beyond the stock is the only console error expected.
    const problems = page.problems.filter((p) => !/409/.test(p));
    assert.deepEqual(problems, [], problems.join('\n'));

    // Staff with store.manage: the orders, narrowed to the agent; the order moved to Processing.
    const staff = await newPage(browser);
    await login(staff, STAFF);
    await staff.getByRole('banner').getByRole('link', { name: 'Store', exact: true }).click();
    await staff
      .getByRole('navigation', { name: 'Store' })
      .getByRole('link', { name: 'Orders' })
      .click();
    await staff.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    const filters = staff.getByRole('search', { name: 'Filter orders' });
    await filters.getByRole('textbox', { name: 'Associate code' }).fill('agt100');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await staff.waitForURL(
      (url) => url.searchParams.get('filter[associate_code][eq]') === 'AGT100',
    );
    await staff.getByRole('table', { name: 'Orders' }).getByRole('link', { name: title }).waitFor();
    await expectAccessible(staff, 'staff orders');
    await staff.getByRole('table', { name: 'Orders' }).getByRole('link', { name: title }).click();
    const fulfilment = staff.getByRole('region', { name: 'Fulfilment' });
    await fulfilment.getByRole('button', { name: 'Mark as Processing' }).click();
    await fulfilment
      .getByRole('status')
      .getByText(/^Moved to Processing\./)
      .waitFor();
    await fulfilment.getByRole('button', { name: 'Mark as Shipped' }).waitFor();
    await staff.getByText('Delivery: Pending → Processing').waitFor();
    await expectAccessible(staff, 'staff order, moved');
    assert.deepEqual(staff.problems, [], staff.problems.join('\n'));

    // The agent's purchase history says so.
    await page.goto('/account/purchase-history');
    await row.getByText('Processing', { exact: true }).waitFor();
  },
);
