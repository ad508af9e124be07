package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/associateportal/portal/sdk/lists"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/listing"
	"github.com/associateportal/portal/server/mail"
	"github.com/associateportal/portal/server/shop"
)

// Store orders (issue 12): checkout turns a cart into an order and its PaymentIntent; the
// payment moves by Stripe's verified events, applied once; staff move the fulfilment.

// OrderViewer is who reads orders: an associate its own, staff with store.manage all.
type OrderViewer struct {
	AssociateID int64
	All         bool
}

func (v OrderViewer) visible(args *listing.Args) string {
	if v.All {
		return "TRUE"
	}
	return "o.associate_id = " + args.Add(v.AssociateID)
}

// Order is a store order.
type Order struct {
	ID                     int64
	AssociateID            int64
	AssociateCode, Name    string
	Email                  string
	CreatedAt              time.Time
	PaidAt                 *time.Time
	TotalCents             int64
	PaymentStatus          string
	Fulfilment             string
	ItemCount              int
	Demo                   bool
	IntentID, ClientSecret *string
	Lines                  []OrderLine
	History                []OrderEvent
}

// OrderLine is a line of an order, at the price it was bought at.
type OrderLine struct {
	VariantID       int64
	Slug, Name, SKU string
	Size            *string
	UnitPriceCents  int64
	Quantity        int
}

// OrderEvent is a move of an order's payment or fulfilment.
type OrderEvent struct {
	At             time.Time
	Kind, From, To string
	By             *string
}

var orderColumns = map[string]listing.Column{
	"id":             {SQL: "o.id", Type: listing.Int},
	"payment_status": {SQL: "o.payment_status"},
	"fulfilment":     {SQL: "o.fulfilment"},
	"associate_code": {SQL: "a.code"},
	"created_at":     {SQL: "o.created_at", Type: listing.Time},
	"total_cents":    {SQL: "o.total_cents", Type: listing.Int},
}

// StoreOrderListing is the whitelist of the order list.
var StoreOrderListing = listing.FromContract(lists.ListStoreOrders, orderColumns)

const orderSelect = `SELECT o.id, o.associate_id, a.code, a.first_name || ' ' || a.last_name, a.email, o.created_at, o.paid_at,
		o.total_cents, o.payment_status, o.fulfilment,
		(SELECT coalesce(sum(l.quantity), 0) FROM store_order_lines l WHERE l.order_id = o.id), o.demo_payment,
		o.payment_intent_id, o.client_secret
	FROM store_orders o JOIN associates a ON a.id = o.associate_id`

func (o *Order) dest() []any {
	return []any{&o.ID, &o.AssociateID, &o.AssociateCode, &o.Name, &o.Email, &o.CreatedAt, &o.PaidAt, &o.TotalCents,
		&o.PaymentStatus, &o.Fulfilment, &o.ItemCount, &o.Demo, &o.IntentID, &o.ClientSecret}
}

// ListStoreOrders calls each for every order of a page the viewer may see.
func (s *Store) ListStoreOrders(ctx context.Context, v OrderViewer, q listing.Query, each func(*Order)) error {
	var args listing.Args
	sql := orderSelect + ` WHERE ` + v.visible(&args) + ` AND ` + q.Where(&args) + ` ORDER BY ` + q.OrderBy() + ` ` + q.LimitOffset(&args)
	rows, err := s.db.Query(ctx, sql, args.Query()...)
	var o Order
	return stream(rows, err, &o, o.dest(), each)
}

// OrderSortValue is an order's value of a sortable field, for cursors.
func OrderSortValue(o *Order, field string) any {
	switch field {
	case "id":
		return o.ID
	case "created_at":
		return o.CreatedAt
	case "total_cents":
		return o.TotalCents
	}
	panic("store: no sort value for order field " + field)
}

var errOrderNotFound = errs.NotFoundf("Order not found")

// GetStoreOrder is an order with its lines and history, for a viewer who may see it.
func (s *Store) GetStoreOrder(ctx context.Context, id int64, v OrderViewer) (Order, error) {
	return s.getOrder(ctx, id, v, "")
}

func (s *Store) getOrder(ctx context.Context, id int64, v OrderViewer, lock string) (Order, error) {
	var o Order
	var args listing.Args
	args.Add(id)
	err := s.db.QueryRow(ctx, orderSelect+` WHERE o.id = $1 AND `+v.visible(&args)+lock, args.Query()...).Scan(o.dest()...)
	if errs.Is(translate(err), errs.NotFound) {
		return o, errOrderNotFound
	}
	if err != nil {
		return o, translate(err)
	}
	rows, err := s.db.Query(ctx, `SELECT variant_id, product_slug, product_name, sku, size, unit_price_cents, quantity
		FROM store_order_lines WHERE order_id = $1 ORDER BY product_name, size, variant_id`, id)
	if o.Lines, err = collect(rows, err, func(r pgx.Rows, l *OrderLine) error {
		return r.Scan(&l.VariantID, &l.Slug, &l.Name, &l.SKU, &l.Size, &l.UnitPriceCents, &l.Quantity)
	}); err != nil {
		return o, err
	}
	rows, err = s.db.Query(ctx, `SELECT h.at, h.kind, h.from_state, h.to_state, u.first_name || ' ' || u.last_name
		FROM store_order_history h LEFT JOIN users u ON u.id = h.by_user WHERE h.order_id = $1 ORDER BY h.id`, id)
	o.History, err = collect(rows, err, func(r pgx.Rows, e *OrderEvent) error { return r.Scan(&e.At, &e.Kind, &e.From, &e.To, &e.By) })
	return o, err
}

// PaymentIntent is what checkout asks of the card payment service: a PaymentIntent for an
// order's total.
type PaymentIntent func(ctx context.Context, orderID, cents int64) (id, clientSecret string, err error)

// Checkout turns an associate's cart into an order in one transaction: every line must be
// on sale with enough in stock (409 cart_not_ready or out_of_stock otherwise); the stock
// is taken, today's prices copied into the lines, the cart emptied and the PaymentIntent
// created (a failure there undoes everything). The variants are locked in id order, so
// checkouts racing for the last item never both get it.
func (s *Store) Checkout(ctx context.Context, associateID int64, demo bool, now time.Time, intent PaymentIntent) (Order, error) {
	var id int64
	err := s.InTx(ctx, func(tx *Store) error {
		rows, err := tx.db.Query(ctx, `SELECT v.id, p.slug, p.name, v.sku, v.size, p.price_cents, c.quantity, v.stock, p.on_sale
			FROM cart_items c JOIN store_variants v ON v.id = c.variant_id JOIN store_products p ON p.id = v.product_id
			WHERE c.associate_id = $1 ORDER BY v.id FOR UPDATE OF v, c`, associateID)
		type line struct {
			OrderLine
			stock  int
			onSale bool
		}
		lines, err := collect(rows, err, func(r pgx.Rows, l *line) error {
			return r.Scan(&l.VariantID, &l.Slug, &l.Name, &l.SKU, &l.Size, &l.UnitPriceCents, &l.Quantity, &l.stock, &l.onSale)
		})
		if err != nil {
			return err
		}
		if len(lines) == 0 {
			return errs.Coded(errs.Conflict, errs.CodeCartNotReady, "Your cart is empty")
		}
		var total int64
		for _, l := range lines {
			switch {
			case !l.onSale:
				return errs.Coded(errs.Conflict, errs.CodeCartNotReady, "%s is no longer on sale: take it out of your cart", l.Name)
			case l.stock < l.Quantity:
				return errs.Coded(errs.Conflict, errs.CodeOutOfStock, "Only %d of %s left in stock", l.stock, lineName(l.OrderLine))
			}
			total += int64(l.Quantity) * l.UnitPriceCents
		}
		if err := tx.db.QueryRow(ctx, `INSERT INTO store_orders (associate_id, total_cents, demo_payment, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $4) RETURNING id`, associateID, total, demo, now).Scan(&id); err != nil {
			return translate(err)
		}
		for _, l := range lines {
			if _, err := tx.db.Exec(ctx, `INSERT INTO store_order_lines (order_id, variant_id, product_slug, product_name, sku, size,
					unit_price_cents, quantity) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
				id, l.VariantID, l.Slug, l.Name, l.SKU, l.Size, l.UnitPriceCents, l.Quantity); err != nil {
				return translate(err)
			}
			if _, err := tx.db.Exec(ctx, `UPDATE store_variants SET stock = stock - $2 WHERE id = $1`, l.VariantID, l.Quantity); err != nil {
				return translate(err)
			}
		}
		if _, err := tx.db.Exec(ctx, `DELETE FROM cart_items WHERE associate_id = $1`, associateID); err != nil {
			return translate(err)
		}
		pi, secret, err := intent(ctx, id, total)
		if err != nil {
			return errs.Later(errs.Wrap(errs.Unavailable, err, "The payment could not be started; nothing was charged and your cart is as it was. Try again in a moment"),
				errs.CodePaymentsUnavailable, 30*time.Second)
		}
		_, err = tx.db.Exec(ctx, `UPDATE store_orders SET payment_intent_id = $2, client_secret = $3 WHERE id = $1`, id, pi, secret)
		return translate(err)
	})
	if err != nil {
		return Order{}, err
	}
	return s.GetStoreOrder(ctx, id, OrderViewer{AssociateID: associateID})
}

func lineName(l OrderLine) string {
	if l.Size != nil {
		return l.Name + " (" + *l.Size + ")"
	}
	return l.Name
}

// DemoPayable is an associate's order that the demo payment mode may pay: Pending, with
// its PaymentIntent in stripe-mock.
func (s *Store) DemoPayable(ctx context.Context, id, associateID int64) (Order, error) {
	o, err := s.GetStoreOrder(ctx, id, OrderViewer{AssociateID: associateID})
	switch {
	case err != nil:
		return o, err
	case !o.Demo || o.IntentID == nil:
		return o, errs.Conflictf("This order is paid with Stripe, not in demo payment mode")
	case o.PaymentStatus != shop.Pending:
		return o, errs.Conflictf("This order's payment is %s, not Pending", o.PaymentStatus)
	}
	return o, nil
}

// StripeEvent is a verified Stripe webhook event.
type StripeEvent struct {
	ID, Type, IntentID string
	Payload            json.RawMessage
}

// ReceiveStripeEvent stores a verified event once: duplicate is true (and nothing changes)
// when its id was received before.
func (s *Store) ReceiveStripeEvent(ctx context.Context, ev StripeEvent, now time.Time) (duplicate bool, err error) {
	tag, err := s.db.Exec(ctx, `INSERT INTO stripe_events (id, type, payload, received_at) VALUES ($1, $2, $3, $4)
		ON CONFLICT (id) DO NOTHING`, ev.ID, ev.Type, []byte(ev.Payload), now)
	if err != nil {
		return false, translate(err)
	}
	return tag.RowsAffected() == 0, nil
}

// OrderMail is the mail an order's change sends its associate (nil: none).
type OrderMail func(o Order, kind, to string) *mail.Message

// ApplyStripeEvents applies the stored events not applied yet, oldest first, each in a
// transaction of its own that marks it applied: an event is applied once, by whichever
// worker takes it (SKIP LOCKED), and a crash in the middle leaves it to be applied again
// whole. It answers how many it applied.
func (s *Store) ApplyStripeEvents(ctx context.Context, now time.Time, notify OrderMail) (int, error) {
	n := 0
	for {
		done := false
		err := s.InTx(ctx, func(tx *Store) error {
			var id, typ string
			var payload []byte
			err := tx.db.QueryRow(ctx, `SELECT id, type, payload FROM stripe_events WHERE processed_at IS NULL
				ORDER BY received_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id, &typ, &payload)
			if errs.Is(translate(err), errs.NotFound) {
				done = true
				return nil
			}
			if err != nil {
				return translate(err)
			}
			outcome, err := tx.applyStripeEvent(ctx, id, typ, payload, now, notify)
			if err != nil {
				return err
			}
			_, err = tx.db.Exec(ctx, `UPDATE stripe_events SET processed_at = $2, outcome = $3 WHERE id = $1`, id, now, outcome)
			return translate(err)
		})
		if err != nil || done {
			return n, err
		}
		n++
	}
}

func (tx *Store) applyStripeEvent(ctx context.Context, id, typ string, payload []byte, now time.Time, notify OrderMail) (string, error) {
	var ev struct {
		Data struct {
			Object struct {
				Object        string          `json:"object"`
				ID            string          `json:"id"`
				PaymentIntent json.RawMessage `json:"payment_intent"`
			} `json:"object"`
		} `json:"data"`
	}
	if err := json.Unmarshal(payload, &ev); err != nil {
		return "unreadable", nil
	}
	intent := ev.Data.Object.ID
	if ev.Data.Object.Object != "payment_intent" {
		intent = ""
		if json.Unmarshal(ev.Data.Object.PaymentIntent, &intent) != nil {
			var pi struct {
				ID string `json:"id"`
			}
			_ = json.Unmarshal(ev.Data.Object.PaymentIntent, &pi)
			intent = pi.ID
		}
	}
	if intent == "" {
		return "ignored: about no PaymentIntent", nil
	}
	var orderID int64
	var from, fulfilment string
	var returned bool
	err := tx.db.QueryRow(ctx, `SELECT id, payment_status, fulfilment, stock_returned FROM store_orders WHERE payment_intent_id = $1 FOR UPDATE`,
		intent).Scan(&orderID, &from, &fulfilment, &returned)
	if errs.Is(translate(err), errs.NotFound) {
		return "ignored: no order has " + intent, nil
	}
	if err != nil {
		return "", translate(err)
	}
	to, moves := shop.PaymentAfter(typ, from)
	if !moves {
		return fmt.Sprintf("ignored: order %d is %s", orderID, from), nil
	}
	if to == shop.Refunded && (fulfilment == shop.FulfilmentPending || fulfilment == shop.Processing) {
		fulfilment = shop.Cancelled
	}
	if _, err := tx.db.Exec(ctx, `UPDATE store_orders SET payment_status = $2, fulfilment = $3, updated_at = $4,
			paid_at = CASE WHEN $2 = 'Paid' THEN $4 ELSE paid_at END WHERE id = $1`, orderID, to, fulfilment, now); err != nil {
		return "", translate(err)
	}
	if _, err := tx.db.Exec(ctx, `INSERT INTO store_order_history (order_id, at, kind, from_state, to_state, stripe_event)
		VALUES ($1, $2, 'payment', $3, $4, $5)`, orderID, now, from, to, id); err != nil {
		return "", translate(err)
	}
	outcome := fmt.Sprintf("order %d: %s → %s", orderID, from, to)
	switch {
	case shop.ReturnsStock(to, fulfilment) && !returned:
		if err := tx.returnStock(ctx, orderID); err != nil {
			return "", err
		}
		outcome += ", stock given back"
	case to == shop.Paid && returned:
		// Paid after a failure gave the stock back: take it again, as far as there is.
		if _, err := tx.db.Exec(ctx, `UPDATE store_variants v SET stock = greatest(v.stock - l.quantity, 0)
			FROM store_order_lines l WHERE l.order_id = $1 AND v.id = l.variant_id`, orderID); err != nil {
			return "", translate(err)
		}
		if _, err := tx.db.Exec(ctx, `UPDATE store_orders SET stock_returned = false WHERE id = $1`, orderID); err != nil {
			return "", translate(err)
		}
		outcome += ", stock taken again"
	}
	return outcome, tx.notifyOrder(ctx, orderID, "payment", to, notify)
}

// returnStock gives an order's stock back, once.
func (tx *Store) returnStock(ctx context.Context, orderID int64) error {
	if _, err := tx.db.Exec(ctx, `UPDATE store_variants v SET stock = v.stock + l.quantity
		FROM store_order_lines l WHERE l.order_id = $1 AND v.id = l.variant_id`, orderID); err != nil {
		return translate(err)
	}
	_, err := tx.db.Exec(ctx, `UPDATE store_orders SET stock_returned = true WHERE id = $1`, orderID)
	return translate(err)
}

func (tx *Store) notifyOrder(ctx context.Context, orderID int64, kind, to string, notify OrderMail) error {
	if notify == nil {
		return nil
	}
	o, err := tx.GetStoreOrder(ctx, orderID, OrderViewer{All: true})
	if err != nil {
		return err
	}
	if m := notify(o, kind, to); m != nil {
		return tx.queueMail(ctx, *m)
	}
	return nil
}

// MoveFulfilment moves an order's fulfilment (staff), as the workflow allows; a
// cancellation gives the stock back. The associate is told by mail.
func (s *Store) MoveFulfilment(ctx context.Context, id int64, to string, staffUserID int64, now time.Time, notify OrderMail) (Order, error) {
	err := s.InTx(ctx, func(tx *Store) error {
		o, err := tx.getOrder(ctx, id, OrderViewer{All: true}, ` FOR UPDATE OF o`)
		if err != nil {
			return err
		}
		if err := shop.CheckFulfilment(o.Fulfilment, to, o.PaymentStatus); err != nil {
			return err
		}
		var returned bool
		if err := tx.db.QueryRow(ctx, `UPDATE store_orders SET fulfilment = $2, updated_at = $3 WHERE id = $1 RETURNING stock_returned`,
			id, to, now).Scan(&returned); err != nil {
			return translate(err)
		}
		if _, err := tx.db.Exec(ctx, `INSERT INTO store_order_history (order_id, at, kind, from_state, to_state, by_user)
			VALUES ($1, $2, 'fulfilment', $3, $4, $5)`, id, now, o.Fulfilment, to, staffUserID); err != nil {
			return translate(err)
		}
		if shop.ReturnsStock(o.PaymentStatus, to) && !returned {
			if err := tx.returnStock(ctx, id); err != nil {
				return err
			}
		}
		return tx.notifyOrder(ctx, id, "fulfilment", to, notify)
	})
	if err != nil {
		return Order{}, err
	}
	return s.GetStoreOrder(ctx, id, OrderViewer{All: true})
}
