package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/associateportal/portal/sdk/lists"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/listing"
)

// The store's catalogue and carts (issue 12): associates browse the products on sale and
// keep a cart on the server, priced and checked against the stock whenever it changes or
// is read.

// ShopProduct is a product of the store, with its variants when read alone.
type ShopProduct struct {
	ID                   int64
	Slug, Name           string
	Category             string
	Description          string // Markdown (read alone)
	PriceCents           int64
	ImageIDs             []string
	InStock              bool
	Sizes                []string // the sizes of a sized product, in order
	Variants             []Variant
	OnSale               bool
	CreatedAt, UpdatedAt time.Time
}

// Variant is a product in one size (or the product itself when it has no sizes).
type Variant struct {
	ID    int64
	SKU   string
	Size  *string
	Stock int
}

var shopProductColumns = map[string]listing.Column{
	"id":          {SQL: "p.id", Type: listing.Int},
	"name":        {SQL: "p.name"},
	"category":    {SQL: "p.category"},
	"price_cents": {SQL: "p.price_cents", Type: listing.Int},
	"in_stock":    {SQL: "EXISTS (SELECT 1 FROM store_variants v WHERE v.product_id = p.id AND v.stock > 0)"},
}

// StoreProductListing is the whitelist of the store's product list.
var StoreProductListing = listing.FromContract(lists.ListStoreProducts, shopProductColumns)

// shopProductSelect reads a product with whether it is in stock and its sizes in order.
const shopProductSelect = `SELECT p.id, p.slug, p.name, p.category, p.price_cents, p.image_file_ids, p.on_sale,
		EXISTS (SELECT 1 FROM store_variants v WHERE v.product_id = p.id AND v.stock > 0),
		ARRAY(SELECT v.size FROM store_variants v WHERE v.product_id = p.id AND v.size IS NOT NULL ORDER BY v.position)
	FROM store_products p`

func (p *ShopProduct) dest() []any {
	return []any{&p.ID, &p.Slug, &p.Name, &p.Category, &p.PriceCents, &p.ImageIDs, &p.OnSale, &p.InStock, &p.Sizes}
}

// ListStoreProducts calls each for every product on sale of a page (at most q.Limit+1
// rows); the product passed is reused.
func (s *Store) ListStoreProducts(ctx context.Context, q listing.Query, each func(*ShopProduct)) error {
	var args listing.Args
	sql := shopProductSelect + ` WHERE p.on_sale AND ` + q.Where(&args) + ` ORDER BY ` + q.OrderBy() + ` ` + q.LimitOffset(&args)
	rows, err := s.db.Query(ctx, sql, args.Query()...)
	var p ShopProduct
	return stream(rows, err, &p, p.dest(), each)
}

// ShopProductSortValue is a product's value of a sortable field, for cursors.
func ShopProductSortValue(p *ShopProduct, field string) any {
	switch field {
	case "id":
		return p.ID
	case "name":
		return p.Name
	case "price_cents":
		return p.PriceCents
	}
	panic("store: no sort value for store product field " + field)
}

var errShopProductNotFound = errs.NotFoundf("ShopProduct not found")

// GetStoreProduct is a product on sale by slug, with its description and variants.
func (s *Store) GetStoreProduct(ctx context.Context, slug string) (ShopProduct, error) {
	var p ShopProduct
	err := s.db.QueryRow(ctx, shopProductSelect+` WHERE p.slug = $1 AND p.on_sale`, slug).Scan(p.dest()...)
	if errs.Is(translate(err), errs.NotFound) {
		return p, errShopProductNotFound
	}
	if err != nil {
		return p, translate(err)
	}
	if err := s.db.QueryRow(ctx, `SELECT description_markdown FROM store_products WHERE id = $1`, p.ID).Scan(&p.Description); err != nil {
		return p, translate(err)
	}
	rows, err := s.db.Query(ctx, `SELECT id, sku, size, stock FROM store_variants WHERE product_id = $1 ORDER BY position`, p.ID)
	p.Variants, err = collect(rows, err, func(r pgx.Rows, v *Variant) error { return r.Scan(&v.ID, &v.SKU, &v.Size, &v.Stock) })
	return p, err
}

// CartLine is a line of a cart as it reads now.
type CartLine struct {
	VariantID      int64
	Slug, Name     string
	SKU            string
	Size           *string
	ImageIDs       []string
	Quantity       int
	UnitPriceCents int64
	Available      int
	OnSale         bool
}

// Cart is an associate's cart, priced now.
type Cart struct {
	Lines []CartLine
}

// Problem says why a line cannot be bought as it is: "gone" (off sale), "short" (less in
// stock than asked), or "".
func (l *CartLine) Problem() string {
	switch {
	case !l.OnSale:
		return "gone"
	case l.Available < l.Quantity:
		return "short"
	}
	return ""
}

// Totals are the cart's quantities and price added up, and whether it can go to checkout.
func (c *Cart) Totals() (items int, cents int64, ready bool) {
	ready = len(c.Lines) > 0
	for i := range c.Lines {
		l := &c.Lines[i]
		items += l.Quantity
		cents += int64(l.Quantity) * l.UnitPriceCents
		if l.Problem() != "" {
			ready = false
		}
	}
	return items, cents, ready
}

// GetCart is an associate's cart, in the order its lines were added.
func (s *Store) GetCart(ctx context.Context, associateID int64) (Cart, error) {
	rows, err := s.db.Query(ctx, `SELECT v.id, p.slug, p.name, v.sku, v.size, p.image_file_ids, c.quantity, p.price_cents, v.stock, p.on_sale
		FROM cart_items c JOIN store_variants v ON v.id = c.variant_id JOIN store_products p ON p.id = v.product_id
		WHERE c.associate_id = $1 ORDER BY c.added_at, v.id`, associateID)
	lines, err := collect(rows, err, func(r pgx.Rows, l *CartLine) error {
		return r.Scan(&l.VariantID, &l.Slug, &l.Name, &l.SKU, &l.Size, &l.ImageIDs, &l.Quantity, &l.UnitPriceCents, &l.Available, &l.OnSale)
	})
	return Cart{Lines: lines}, err
}

// SetCartItem puts a variant in an associate's cart at a quantity, checked against the
// stock now: a product off sale is 404, too few in stock 409 out_of_stock; nothing changes
// then.
func (s *Store) SetCartItem(ctx context.Context, associateID, variantID int64, quantity int, now time.Time) error {
	return s.InTx(ctx, func(tx *Store) error {
		var stock int
		err := tx.db.QueryRow(ctx, `SELECT v.stock FROM store_variants v JOIN store_products p ON p.id = v.product_id
			WHERE v.id = $1 AND p.on_sale`, variantID).Scan(&stock)
		if errs.Is(translate(err), errs.NotFound) {
			return errs.NotFoundf("This product is not on sale")
		}
		if err != nil {
			return translate(err)
		}
		if quantity > stock {
			if stock == 0 {
				return errs.Coded(errs.Conflict, errs.CodeOutOfStock, "This item is out of stock")
			}
			return errs.Coded(errs.Conflict, errs.CodeOutOfStock, "Only %d left in stock", stock)
		}
		_, err = tx.db.Exec(ctx, `INSERT INTO cart_items (associate_id, variant_id, quantity, added_at) VALUES ($1, $2, $3, $4)
			ON CONFLICT (associate_id, variant_id) DO UPDATE SET quantity = EXCLUDED.quantity`, associateID, variantID, quantity, now)
		return translate(err)
	})
}

// RemoveCartItem takes a variant out of an associate's cart.
func (s *Store) RemoveCartItem(ctx context.Context, associateID, variantID int64) error {
	_, err := s.db.Exec(ctx, `DELETE FROM cart_items WHERE associate_id = $1 AND variant_id = $2`, associateID, variantID)
	return translate(err)
}
