package seed

import (
	"context"
	"fmt"
	"image/color"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// The store's catalogue (issue 12): 30 products on sale in five categories, the apparel in
// shirt sizes S–XXL, some sizes sold out and one product sold out whole; one more product is
// off sale (it stays in the carts that hold it, which say so).

type seedProduct struct {
	slug, name, category string
	cents                int64
	sized                bool
	body                 string
	palette              [3]color.RGBA
}

// SeededShirtSlug is a T-shirt on sale in every size (the browser journey buys one).
const SeededShirtSlug = "logo-t-shirt-blue"

// SoldOutSlug is the product with nothing left in stock; OffSaleSlug the one taken off sale.
const (
	SoldOutSlug = "conference-hoodie"
	OffSaleSlug = "retired-logo-cap"
)

var shirtSizes = []string{"S", "M", "L", "XL", "XXL"}

var seedProducts = []seedProduct{
	{SeededShirtSlug, "Logo T-Shirt — Blue", "Apparel", 2000, true, "Soft cotton tee in the brand's blue with the logo on the chest.\n\n- 100 % ring-spun cotton\n- Unisex fit: order your usual size", [3]color.RGBA{blue, navy, sand}},
	{"logo-t-shirt-heather-grey", "Logo T-Shirt — Heather Grey", "Apparel", 2000, true, "The logo tee in heather grey.", [3]color.RGBA{navy, teal, sand}},
	{"team-polo-navy", "Team Polo — Navy", "Apparel", 3800, true, "Moisture-wicking polo with the embroidered logo: the one for events and field days.", [3]color.RGBA{navy, blue, gold}},
	{"team-polo-white", "Team Polo — White", "Apparel", 3800, true, "The team polo in white.", [3]color.RGBA{sand, blue, navy}},
	{"womens-v-neck-tee", "Women's V-Neck Tee", "Apparel", 2200, true, "A fitted V-neck in the brand's blue.", [3]color.RGBA{blue, coral, sand}},
	{"quarter-zip-pullover", "Quarter-Zip Pullover", "Apparel", 5400, true, "Midweight quarter-zip with the logo on the sleeve.", [3]color.RGBA{teal, navy, sand}},
	{SoldOutSlug, "Conference Hoodie", "Apparel", 4800, true, "The hoodie of this year's convention. Sold out: a new batch is on its way.", [3]color.RGBA{violet, blue, sand}},
	{"performance-jacket", "Performance Jacket", "Apparel", 8900, true, "Wind- and water-resistant soft-shell jacket.", [3]color.RGBA{navy, gold, sand}},
	{"fleece-vest", "Fleece Vest", "Apparel", 4400, true, "Warm fleece vest with the embroidered logo.", [3]color.RGBA{green, navy, sand}},
	{"oxford-dress-shirt", "Oxford Dress Shirt", "Apparel", 4600, true, "Button-down oxford with a small logo on the cuff.", [3]color.RGBA{sand, blue, teal}},
	{"rain-jacket", "Rain Jacket", "Apparel", 7200, true, "Packable rain jacket for field days.", [3]color.RGBA{coral, navy, sand}},
	{"embroidered-cap", "Embroidered Cap", "Accessories", 2400, false, "Six-panel cap with the embroidered logo; one size, adjustable.", [3]color.RGBA{navy, gold, sand}},
	{"leather-portfolio", "Leather Portfolio", "Accessories", 6500, false, "Padfolio with a notepad, card slots and a pen loop: for client meetings.", [3]color.RGBA{coral, gold, navy}},
	{"travel-mug", "Travel Mug", "Accessories", 1800, false, "Insulated steel mug, 16 oz.", [3]color.RGBA{teal, sand, navy}},
	{"laptop-backpack", "Laptop Backpack", "Accessories", 7900, false, "Fits a 15\" laptop; padded straps.", [3]color.RGBA{navy, teal, gold}},
	{"lapel-pin-set", "Lapel Pin Set", "Accessories", 1500, false, "Three enamel pins: the logo, the flag and the year.", [3]color.RGBA{gold, coral, sand}},
	{"golf-umbrella", "Golf Umbrella", "Accessories", 3200, false, "Large double-canopy umbrella.", [3]color.RGBA{blue, sand, gold}},
	{"water-bottle", "Water Bottle", "Accessories", 1600, false, "Steel bottle, 24 oz.", [3]color.RGBA{green, sand, blue}},
	{"lanyard-and-badge-holder", "Lanyard and Badge Holder", "Accessories", 800, false, "For events: your name badge on a branded lanyard.", [3]color.RGBA{blue, gold, sand}},
	{"notebook-set", "Notebook Set", "Office", 1400, false, "Three lined notebooks, A5.", [3]color.RGBA{sand, navy, coral}},
	{"executive-pen", "Executive Pen", "Office", 2600, false, "Metal rollerball pen in a gift box.", [3]color.RGBA{navy, sand, gold}},
	{"desk-name-plate", "Desk Name Plate", "Office", 3000, false, "Engraved with your name and title (send them after ordering).", [3]color.RGBA{gold, navy, sand}},
	{"business-card-holder", "Business Card Holder", "Office", 1900, false, "Brushed steel card case.", [3]color.RGBA{teal, navy, sand}},
	{"mouse-pad", "Mouse Pad", "Office", 900, false, "Large mouse pad with the logo.", [3]color.RGBA{violet, sand, blue}},
	{"business-cards-500", "Business Cards (500)", "Marketing", 4500, false, "500 cards with your name, title, license numbers and contact details.", [3]color.RGBA{sand, blue, navy}},
	{"client-brochures-50", "Client Brochures (50)", "Marketing", 3500, false, "The approved brochure explaining the products, in packs of 50.", [3]color.RGBA{blue, teal, sand}},
	{"event-tablecloth", "Event Tablecloth", "Marketing", 12900, false, "Fitted tablecloth with the logo, for 6-foot tables.", [3]color.RGBA{navy, coral, sand}},
	{"retractable-banner", "Retractable Banner", "Marketing", 18900, false, "33\" × 80\" banner with a carrying case.", [3]color.RGBA{coral, blue, sand}},
	{"the-business-of-protection", "The Business of Protection", "Books", 2400, false, "The organisation's handbook for new associates: protection first, then wealth.", [3]color.RGBA{green, gold, navy}},
	{"financial-independence-handbook", "Financial Independence Handbook", "Books", 2900, false, "Working out a client's Financial Independence Number, step by step.", [3]color.RGBA{gold, green, sand}},
	{OffSaleSlug, "Retired Logo Cap", "Accessories", 2000, false, "The cap with the old logo: no longer sold.", [3]color.RGBA{sand, coral, navy}},
}

// shop writes the catalogue: products, their images (when files are stored) and variants
// with their stock.
func shop(ctx context.Context, tx pgx.Tx, r *rand.Rand, o Options) error {
	for _, p := range seedProducts {
		images := []string{}
		if o.PutFile != nil {
			for k := range 2 {
				id, err := storeFile(ctx, tx, r, o.PutFile, "product_image", "image/png", banner(p.palette, r, k, 800, 800))
				if err != nil {
					return err
				}
				images = append(images, id)
			}
		}
		var id int64
		err := tx.QueryRow(ctx, `INSERT INTO store_products (slug, name, category, description_markdown, price_cents, image_file_ids, on_sale)
			VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`, p.slug, p.name, p.category, p.body, p.cents, images, p.slug != OffSaleSlug).Scan(&id)
		if err != nil {
			return fmt.Errorf("seed product %s: %w", p.slug, err)
		}
		sku := strings.ToUpper(strings.ReplaceAll(p.slug, "-", ""))
		if len(sku) > 12 {
			sku = sku[:12]
		}
		sizes := []string{""}
		if p.sized {
			sizes = shirtSizes
		}
		for i, size := range sizes {
			stock := 5 + r.IntN(60)
			switch {
			case p.slug == SoldOutSlug:
				stock = 0
			case p.sized && p.slug != SeededShirtSlug && r.IntN(8) == 0:
				stock = 0 // a size sold out
			}
			code := fmt.Sprintf("%s-%03d", sku, id)
			if size != "" {
				code += "-" + size
			}
			if _, err := tx.Exec(ctx, `INSERT INTO store_variants (product_id, sku, size, position, stock) VALUES ($1, $2, $3, $4, $5)`,
				id, code, nullString(size), i+1, stock); err != nil {
				return fmt.Errorf("seed variant %s: %w", code, err)
			}
		}
	}
	return nil
}

// demoOrder is a seeded order: its lines (product slug, size, quantity), its payment and
// fulfilment, and how many days before the seed's day it was placed.
type demoOrder struct {
	lines      []demoLine
	payment    string
	fulfilment string
	daysBefore int
}

type demoLine struct {
	slug, size string
	quantity   int
}

// demoOrders are the demo agent's orders, one in each payment state and each fulfilment
// state, oldest first; the RMD has a few of its own.
var demoOrders = []demoOrder{
	{[]demoLine{{"team-polo-navy", "L", 2}, {"embroidered-cap", "", 1}}, "Paid", "Delivered", 60},
	{[]demoLine{{"business-cards-500", "", 1}}, "Paid", "Shipped", 20},
	{[]demoLine{{"leather-portfolio", "", 1}}, "Refunded", "Cancelled", 15},
	{[]demoLine{{"travel-mug", "", 2}}, "Disputed", "Delivered", 12},
	{[]demoLine{{"quarter-zip-pullover", "M", 1}}, "Paid", "Processing", 4},
	{[]demoLine{{"notebook-set", "", 3}}, "Paid", "Pending", 2},
	{[]demoLine{{"water-bottle", "", 1}}, "Failed", "Cancelled", 1},
	{[]demoLine{{"executive-pen", "", 1}}, "Pending", "Pending", 0},
}

var rmdOrders = []demoOrder{
	{[]demoLine{{"retractable-banner", "", 1}, {"event-tablecloth", "", 1}}, "Paid", "Delivered", 90},
	{[]demoLine{{"client-brochures-50", "", 4}}, "Paid", "Delivered", 45},
	{[]demoLine{{"performance-jacket", "XL", 1}}, "Paid", "Shipped", 10},
	{[]demoLine{{"the-business-of-protection", "", 10}}, "Paid", "Pending", 3},
}

// orderSteps are the moves a seeded order went through to reach its states, each a day
// apart from its placing: the payment first, then the fulfilment.
func orderSteps(payment, fulfilment string) [][3]string {
	var steps [][3]string
	switch payment {
	case "Paid":
		steps = append(steps, [3]string{"payment", "Pending", "Paid"})
	case "Failed":
		steps = append(steps, [3]string{"payment", "Pending", "Failed"})
	case "Refunded", "Disputed":
		steps = append(steps, [3]string{"payment", "Pending", "Paid"})
	}
	from := "Pending"
	for _, to := range []string{"Processing", "Shipped", "Delivered"} {
		if fulfilment == "Pending" || fulfilment == "Cancelled" || from == fulfilment {
			break
		}
		steps = append(steps, [3]string{"fulfilment", from, to})
		from = to
	}
	switch payment {
	case "Refunded":
		steps = append(steps, [3]string{"payment", "Paid", "Refunded"})
	case "Disputed":
		steps = append(steps, [3]string{"payment", "Paid", "Disputed"})
	}
	if fulfilment == "Cancelled" {
		steps = append(steps, [3]string{"fulfilment", "Pending", "Cancelled"})
	}
	return steps
}

// orders writes the demo associates' orders with their lines and history, at the prices of
// the catalogue, moved by Stripe events (payments) and the staff user (fulfilment).
func orders(ctx context.Context, tx pgx.Tx, as []assoc, rmd, agent int, staffID int64, o Options) error {
	for _, who := range []struct {
		assoc  int
		orders []demoOrder
	}{{agent, demoOrders}, {rmd, rmdOrders}} {
		for n, d := range who.orders {
			at := o.Now.AddDate(0, 0, -d.daysBefore).Add(-time.Duration(n) * time.Minute)
			var total int64
			type row struct {
				variant         int64
				slug, name, sku string
				size            *string
				price           int64
				quantity        int
			}
			var rows []row
			for _, l := range d.lines {
				var r row
				err := tx.QueryRow(ctx, `SELECT v.id, p.slug, p.name, v.sku, v.size, p.price_cents FROM store_variants v
					JOIN store_products p ON p.id = v.product_id WHERE p.slug = $1 AND coalesce(v.size, '') = $2`, l.slug, l.size).
					Scan(&r.variant, &r.slug, &r.name, &r.sku, &r.size, &r.price)
				if err != nil {
					return fmt.Errorf("seed order line %s %s: %w", l.slug, l.size, err)
				}
				r.quantity = l.quantity
				total += r.price * int64(l.quantity)
				rows = append(rows, r)
			}
			var paidAt *time.Time
			if d.payment != "Pending" && d.payment != "Failed" {
				t := at.Add(2 * time.Minute)
				paidAt = &t
			}
			var id int64
			if err := tx.QueryRow(ctx, `INSERT INTO store_orders (associate_id, total_cents, payment_status, fulfilment, payment_intent_id,
					stock_returned, paid_at, created_at, updated_at)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id`, as[who.assoc].id, total, d.payment, d.fulfilment,
				fmt.Sprintf("pi_seed_%d_%d", who.assoc, n), d.payment == "Failed" || d.fulfilment == "Cancelled", paidAt, at).Scan(&id); err != nil {
				return fmt.Errorf("seed order: %w", err)
			}
			for _, r := range rows {
				if _, err := tx.Exec(ctx, `INSERT INTO store_order_lines (order_id, variant_id, product_slug, product_name, sku, size,
						unit_price_cents, quantity) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
					id, r.variant, r.slug, r.name, r.sku, r.size, r.price, r.quantity); err != nil {
					return fmt.Errorf("seed order line: %w", err)
				}
			}
			for k, s := range orderSteps(d.payment, d.fulfilment) {
				var by *int64
				if s[0] == "fulfilment" {
					by = &staffID
				}
				if _, err := tx.Exec(ctx, `INSERT INTO store_order_history (order_id, at, kind, from_state, to_state, by_user)
					VALUES ($1, $2, $3, $4, $5, $6)`, id, at.Add(time.Duration(k+1)*time.Hour*20), s[0], s[1], s[2], by); err != nil {
					return fmt.Errorf("seed order history: %w", err)
				}
			}
		}
	}
	return nil
}
