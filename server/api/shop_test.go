package api_test

import (
	"context"
	"slices"
	"sync"
	"testing"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/servertest"
)

// variantOf is the id of a product's variant in a size ("" for a product without sizes).
func variantOf(t *testing.T, c *oas.Client, slug, size string) (id int64, stock int) {
	t.Helper()
	p, err := c.GetStoreProduct(context.Background(), oas.GetStoreProductParams{Slug: slug})
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range p.Response.Variants {
		if string(v.Size.Or("")) == size {
			return v.ID, v.Stock
		}
	}
	t.Fatalf("%s has no variant %q", slug, size)
	return 0, 0
}

// TestStoreCatalogue: the products on sale, filtered and ordered; a product's variants.
func TestStoreCatalogue(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	agent := client(t, env, ready(t, env, seed.DemoAgent))
	all, err := agent.ListStoreProducts(ctx, oas.ListStoreProductsParams{Limit: oas.NewOptInt(100)})
	if err != nil {
		t.Fatal(err)
	}
	if len(all.Response.Data) != 30 {
		t.Errorf("%d products on sale, want 30", len(all.Response.Data))
	}
	names := make([]string, len(all.Response.Data))
	for i, p := range all.Response.Data {
		names[i] = p.Name
		if p.Slug == seed.OffSaleSlug {
			t.Errorf("a product off sale is listed")
		}
		if p.Slug == seed.SoldOutSlug && p.InStock {
			t.Errorf("the sold-out product is in stock")
		}
		if p.Category == oas.StoreCategoryApparel && !slices.Equal(p.Sizes, []oas.ShirtSize{"S", "M", "L", "XL", "XXL"}) {
			t.Errorf("%s sizes %v", p.Slug, p.Sizes)
		}
	}
	if !slices.IsSorted(names) {
		t.Errorf("not by name: %v", names)
	}
	cheap, err := agent.ListStoreProducts(ctx, oas.ListStoreProductsParams{FilterPriceCentsLte: oas.NewOptInt64(1000),
		Order: oas.NewOptStoreProductOrder(oas.StoreProductOrder{PriceCents: oas.NewOptSortDirection(oas.SortDirectionDESC)})})
	if err != nil {
		t.Fatal(err)
	}
	var prices []int64
	for _, p := range cheap.Response.Data {
		prices = append(prices, p.PriceCents)
	}
	if !slices.Equal(prices, []int64{900, 800}) {
		t.Errorf("at most $10.00, dearest first: %v", prices)
	}
	out, err := agent.ListStoreProducts(ctx, oas.ListStoreProductsParams{FilterInStockEq: oas.NewOptBool(false)})
	if err != nil || len(out.Response.Data) != 1 || out.Response.Data[0].Slug != seed.SoldOutSlug {
		t.Errorf("out of stock: %+v %v", out, err)
	}
	shirt, err := agent.GetStoreProduct(ctx, oas.GetStoreProductParams{Slug: seed.SeededShirtSlug})
	if err != nil {
		t.Fatal(err)
	}
	if len(shirt.Response.Variants) != 5 || shirt.Response.PriceCents != 2000 || shirt.Response.DescriptionHTML == "" {
		t.Errorf("the shirt: %+v", shirt.Response)
	}
	for _, v := range shirt.Response.Variants {
		if v.Stock <= 0 {
			t.Errorf("the journey's shirt is sold out in %s", v.Size.Value)
		}
	}
	// Staff read the catalogue too.
	if _, err := client(t, env, login(t, env, seed.DemoStaff)).ListStoreProducts(ctx, oas.ListStoreProductsParams{}); err != nil {
		t.Errorf("staff: %v", err)
	}
}

// TestCart: add, change, remove; the cart priced now (a price change reaches it); stock
// checked on every change, a refusal changing nothing; lines off sale or short say so.
func TestCart(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	agent := client(t, env, ready(t, env, seed.DemoAgent))
	rmd := client(t, env, ready(t, env, seed.DemoRMD))
	m, stock := variantOf(t, agent, seed.SeededShirtSlug, "M")
	mug, _ := variantOf(t, agent, "travel-mug", "")

	empty, err := agent.GetCart(ctx)
	if err != nil || len(empty.Response.Lines) != 0 || empty.Response.Ready || empty.Response.TotalCents != 0 {
		t.Fatalf("a new cart: %+v %v", empty, err)
	}
	if _, err := agent.SetCartItem(ctx, &oas.CartItemInput{Quantity: 2}, oas.SetCartItemParams{VariantID: m}); err != nil {
		t.Fatal(err)
	}
	c, err := agent.SetCartItem(ctx, &oas.CartItemInput{Quantity: 1}, oas.SetCartItemParams{VariantID: mug})
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Response; len(got.Lines) != 2 || got.ItemCount != 3 || got.TotalCents != 2*2000+1800 || !got.Ready ||
		got.Lines[0].VariantID != m || got.Lines[0].LineTotalCents != 4000 || got.Lines[0].Size.Or("") != "M" {
		t.Errorf("two lines: %+v", got)
	}
	// Changing a quantity keeps the line in its place.
	c, err = agent.SetCartItem(ctx, &oas.CartItemInput{Quantity: 3}, oas.SetCartItemParams{VariantID: m})
	if err != nil || c.Response.Lines[0].Quantity != 3 || c.Response.TotalCents != 3*2000+1800 {
		t.Errorf("three shirts: %+v %v", c, err)
	}
	// More than the stock: refused, nothing changes.
	_, err = agent.SetCartItem(ctx, &oas.CartItemInput{Quantity: stock + 1}, oas.SetCartItemParams{VariantID: m})
	if statusOf(err) != 409 || codeOf(err) != errs.CodeOutOfStock {
		t.Errorf("more than the stock (%d): %v", stock, err)
	}
	if c, err := agent.GetCart(ctx); err != nil || c.Response.Lines[0].Quantity != 3 {
		t.Errorf("after the refusal: %+v %v", c, err)
	}
	// Carts are each associate's own.
	if c, err := rmd.GetCart(ctx); err != nil || len(c.Response.Lines) != 0 {
		t.Errorf("the RMD sees %+v %v", c, err)
	}
	// A price change reaches the cart; stock falling below the quantity, or the product going
	// off sale, make the line say why it cannot be bought as it is.
	if _, err := env.Pool.Exec(ctx, `UPDATE store_products SET price_cents = 2500 WHERE slug = $1`, seed.SeededShirtSlug); err != nil {
		t.Fatal(err)
	}
	if _, err := env.Pool.Exec(ctx, `UPDATE store_variants SET stock = 2 WHERE id = $1`, m); err != nil {
		t.Fatal(err)
	}
	if _, err := env.Pool.Exec(ctx, `UPDATE store_products SET on_sale = false WHERE slug = 'travel-mug'`); err != nil {
		t.Fatal(err)
	}
	c, err = agent.GetCart(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Response; got.TotalCents != 3*2500+1800 || got.Ready || got.Lines[0].Problem.Or("") != oas.CartProblemShort ||
		got.Lines[0].Available != 2 || got.Lines[1].Problem.Or("") != oas.CartProblemGone {
		t.Errorf("after the changes: %+v", got)
	}
	if _, err := agent.SetCartItem(ctx, &oas.CartItemInput{Quantity: 1}, oas.SetCartItemParams{VariantID: mug}); statusOf(err) != 404 {
		t.Errorf("adding a product off sale: %v", err)
	}
	c, err = agent.RemoveCartItem(ctx, oas.RemoveCartItemParams{VariantID: mug})
	if err != nil || len(c.Response.Lines) != 1 {
		t.Fatalf("removing: %+v %v", c, err)
	}
	c, err = agent.SetCartItem(ctx, &oas.CartItemInput{Quantity: 2}, oas.SetCartItemParams{VariantID: m})
	if err != nil || !c.Response.Ready || c.Response.TotalCents != 5000 {
		t.Errorf("down to the stock: %+v %v", c, err)
	}
	if _, err := agent.RemoveCartItem(ctx, oas.RemoveCartItemParams{VariantID: mug}); err != nil {
		t.Errorf("removing what is not there: %v", err)
	}
}

// TestCartConcurrentChanges: changes of one cart at the same moment leave one line, at one
// of the quantities asked. (A cart holds no stock back: checkout takes it.)
func TestCartConcurrentChanges(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	agent := client(t, env, ready(t, env, seed.DemoAgent))
	m, _ := variantOf(t, agent, seed.SeededShirtSlug, "L")
	var wg sync.WaitGroup
	for q := 1; q <= 5; q++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := agent.SetCartItem(ctx, &oas.CartItemInput{Quantity: q}, oas.SetCartItemParams{VariantID: m}); err != nil {
				t.Errorf("quantity %d: %v", q, err)
			}
		}()
	}
	wg.Wait()
	c, err := agent.GetCart(ctx)
	if err != nil || len(c.Response.Lines) != 1 || c.Response.Lines[0].Quantity < 1 || c.Response.Lines[0].Quantity > 5 {
		t.Errorf("after concurrent changes: %+v %v", c, err)
	}
}
