package api_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/cardpay"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/servertest"
	"github.com/associateportal/portal/server/shop"
)

// stockOf is a variant's stock in the database.
func stockOf(t *testing.T, env *servertest.Env, variant int64) int {
	t.Helper()
	var n int
	if err := env.Pool.QueryRow(context.Background(), `SELECT stock FROM store_variants WHERE id = $1`, variant).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// checkoutShirts puts n blue T-shirts in size M in the cart and checks out.
func checkoutShirts(t *testing.T, c *oas.Client, n int) (oas.Checkout, int64) {
	t.Helper()
	ctx := context.Background()
	m, _ := variantOf(t, c, seed.SeededShirtSlug, "M")
	if _, err := c.SetCartItem(ctx, &oas.CartItemInput{Quantity: n}, oas.SetCartItemParams{VariantID: m}); err != nil {
		t.Fatal(err)
	}
	co, err := c.CheckoutCart(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return co.Response, m
}

// deliver posts a signed event to the webhook as Stripe would.
func deliver(t *testing.T, env *servertest.Env, ev cardpay.SignedEvent) reply {
	t.Helper()
	return do(t, env, "POST", "/api/store/stripe-webhook", "", ev.Payload, header{"Stripe-Signature": ev.Header, "Content-Type": "application/json; charset=utf-8"})
}

// apply runs the Stripe events job's work once.
func apply(t *testing.T, env *servertest.Env) int {
	t.Helper()
	n, err := env.Store.ApplyStripeEvents(context.Background(), time.Now(), env.Handler.OrderMail)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func orderOf(t *testing.T, c *oas.Client, id int64) oas.StoreOrder {
	t.Helper()
	o, err := c.GetStoreOrder(context.Background(), oas.GetStoreOrderParams{ID: id})
	if err != nil {
		t.Fatal(err)
	}
	return o.Response
}

// TestCheckout: the cart becomes an order Pending with its PaymentIntent (stripe-mock), the
// stock is held, the cart emptied, the prices copied; a cart that cannot be bought changes
// nothing.
func TestCheckout(t *testing.T) {
	env := servertest.Start(t)
	env.WithPayments(t)
	ctx := context.Background()
	agent := client(t, env, ready(t, env, seed.DemoAgent))
	if _, err := agent.CheckoutCart(ctx); statusOf(err) != 409 || codeOf(err) != errs.CodeCartNotReady {
		t.Errorf("an empty cart: %v", err)
	}
	m, before := variantOf(t, agent, seed.SeededShirtSlug, "M")
	co, _ := checkoutShirts(t, agent, 2)
	o := co.Order
	if o.PaymentStatus != oas.OrderPaymentStatusPending || o.Fulfilment != oas.OrderFulfilmentPending || o.TotalCents != 4000 ||
		o.ItemCount != 2 || !o.DemoPayment || !co.Demo || co.ClientSecret == "" || co.PublishableKey != "pk_test_123" ||
		len(o.Lines) != 1 || o.Lines[0].UnitPriceCents != 2000 || o.Lines[0].Size.Or("") != "M" || o.AssociateCode != seed.DemoAgtCode {
		t.Errorf("checkout: %+v", co)
	}
	if got := stockOf(t, env, m); got != before-2 {
		t.Errorf("stock %d after checking out 2 of %d", got, before)
	}
	if c, err := agent.GetCart(ctx); err != nil || len(c.Response.Lines) != 0 {
		t.Errorf("the cart after checkout: %+v %v", c, err)
	}
	// A later price change does not touch the order.
	if _, err := env.Pool.Exec(ctx, `UPDATE store_products SET price_cents = 9900 WHERE slug = $1`, seed.SeededShirtSlug); err != nil {
		t.Fatal(err)
	}
	if got := orderOf(t, agent, o.ID); got.TotalCents != 4000 || got.Lines[0].UnitPriceCents != 2000 {
		t.Errorf("the order after a price change: %+v", got)
	}
	// The stock fell below the cart's quantity since it was added: refused, nothing changes.
	if _, err := agent.SetCartItem(ctx, &oas.CartItemInput{Quantity: 3}, oas.SetCartItemParams{VariantID: m}); err != nil {
		t.Fatal(err)
	}
	if _, err := env.Pool.Exec(ctx, `UPDATE store_variants SET stock = 2 WHERE id = $1`, m); err != nil {
		t.Fatal(err)
	}
	var orders, before2 int
	if err := env.Pool.QueryRow(ctx, `SELECT count(*) FROM store_orders`).Scan(&before2); err != nil {
		t.Fatal(err)
	}
	_, err := agent.CheckoutCart(ctx)
	if statusOf(err) != 409 || codeOf(err) != errs.CodeOutOfStock {
		t.Errorf("checkout of 3 with 2 left: %v", err)
	}
	if err := env.Pool.QueryRow(ctx, `SELECT count(*) FROM store_orders`).Scan(&orders); err != nil || orders != before2 {
		t.Errorf("%d orders after the refusal (%v)", orders, err)
	}
	if c, err := agent.GetCart(ctx); err != nil || len(c.Response.Lines) != 1 || stockOf(t, env, m) != 2 {
		t.Errorf("after the refused checkout: cart %+v, stock %d (%v)", c, stockOf(t, env, m), err)
	}
	// Without card payments configured, checkout answers 503 and changes nothing.
	env.Handler.Pay = nil
	if _, err := agent.CheckoutCart(ctx); statusOf(err) != 503 || codeOf(err) != errs.CodePaymentsUnavailable {
		t.Errorf("without payments: %v", err)
	}
}

// TestCheckoutLastItemRace: two associates with the last item in their carts check out at
// once; one gets it, the other is told it is out of stock, and the stock never goes below 0.
func TestCheckoutLastItemRace(t *testing.T) {
	env := servertest.Start(t)
	env.WithPayments(t)
	ctx := context.Background()
	agent := client(t, env, ready(t, env, seed.DemoAgent))
	rmd := client(t, env, ready(t, env, seed.DemoRMD))
	xl, _ := variantOf(t, agent, seed.SeededShirtSlug, "XL")
	for _, c := range []*oas.Client{agent, rmd} {
		if _, err := c.SetCartItem(ctx, &oas.CartItemInput{Quantity: 1}, oas.SetCartItemParams{VariantID: xl}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := env.Pool.Exec(ctx, `UPDATE store_variants SET stock = 1 WHERE id = $1`, xl); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	results := make([]error, 2)
	for i, c := range []*oas.Client{agent, rmd} {
		wg.Add(1)
		go func() { defer wg.Done(); _, results[i] = c.CheckoutCart(ctx) }()
	}
	wg.Wait()
	won := 0
	for _, err := range results {
		switch {
		case err == nil:
			won++
		case statusOf(err) != 409 || codeOf(err) != errs.CodeOutOfStock:
			t.Errorf("the loser: %v", err)
		}
	}
	if won != 1 || stockOf(t, env, xl) != 0 {
		t.Errorf("%d checkouts got the last item; stock %d", won, stockOf(t, env, xl))
	}
}

// TestStripeWebhook: signatures are checked (tampered, another secret, stale, unsigned:
// refused, nothing stored); a verified event moves the payment once however often it is
// delivered; a failure gives the stock back once; refunds and disputes; events out of order
// change nothing.
func TestStripeWebhook(t *testing.T) {
	env := servertest.Start(t)
	env.WithPayments(t)
	ctx := context.Background()
	agent := client(t, env, ready(t, env, seed.DemoAgent))
	co, m := checkoutShirts(t, agent, 2)
	held := stockOf(t, env, m)
	var intent string
	if err := env.Pool.QueryRow(ctx, `SELECT payment_intent_id FROM store_orders WHERE id = $1`, co.Order.ID).Scan(&intent); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	paid := cardpay.Sign(servertest.DemoWebhookSecret, "evt_paid_1", shop.EventSucceeded, intent, 4000, now)

	tampered := paid
	tampered.Payload = []byte(strings.Replace(string(paid.Payload), `"amount":4000`, `"amount":1`, 1))
	for name, ev := range map[string]cardpay.SignedEvent{
		"tampered":       tampered,
		"another secret": cardpay.Sign("whsec_other", "evt_x", shop.EventSucceeded, intent, 4000, now),
		"stale":          cardpay.Sign(servertest.DemoWebhookSecret, "evt_old", shop.EventSucceeded, intent, 4000, now.Add(-10*time.Minute)),
		"unsigned":       {Payload: paid.Payload, Header: "t=1,v1="},
	} {
		if r := deliver(t, env, ev); r.Status != 400 {
			t.Errorf("%s: %d %s", name, r.Status, r.Body)
		} else {
			r.apiError(t)
		}
	}
	if r := do(t, env, "POST", "/api/store/stripe-webhook", "", paid.Payload, nil); r.Status != 422 {
		t.Errorf("no signature header: %d %s", r.Status, r.Body)
	}
	var stored int
	if err := env.Pool.QueryRow(ctx, `SELECT count(*) FROM stripe_events`).Scan(&stored); err != nil || stored != 0 {
		t.Fatalf("%d events stored from refused deliveries (%v)", stored, err)
	}

	// Ten deliveries of one event: one effect.
	for i := range 10 {
		r := deliver(t, env, paid)
		var receipt oas.WebhookReceipt
		r.json(t, &receipt)
		if r.Status != 200 || !receipt.Received || receipt.Duplicate.Or(false) != (i > 0) {
			t.Fatalf("delivery %d: %d %s", i, r.Status, r.Body)
		}
		if i == 4 {
			if n := apply(t, env); n != 1 {
				t.Errorf("applied %d events", n)
			}
		}
	}
	if n := apply(t, env); n != 0 {
		t.Errorf("applied %d events after the duplicates", n)
	}
	o := orderOf(t, agent, co.Order.ID)
	if o.PaymentStatus != oas.OrderPaymentStatusPaid || !o.PaidAt.Set || len(o.History) != 1 || o.History[0].To != "Paid" {
		t.Errorf("after ten deliveries: %+v", o)
	}
	// A late failure of an earlier attempt changes nothing.
	deliver(t, env, cardpay.Sign(servertest.DemoWebhookSecret, "evt_late_fail", shop.EventFailed, intent, 4000, now))
	apply(t, env)
	if o := orderOf(t, agent, co.Order.ID); o.PaymentStatus != oas.OrderPaymentStatusPaid || stockOf(t, env, m) != held {
		t.Errorf("after a late failure: %s, stock %d (held %d)", o.PaymentStatus, stockOf(t, env, m), held)
	}
	// A dispute, then the refund: Refunded, the fulfilment Cancelled, the stock back.
	deliver(t, env, cardpay.Sign(servertest.DemoWebhookSecret, "evt_dispute", shop.EventDisputed, intent, 4000, now))
	deliver(t, env, cardpay.Sign(servertest.DemoWebhookSecret, "evt_refund", shop.EventRefunded, intent, 4000, now))
	apply(t, env)
	o = orderOf(t, agent, co.Order.ID)
	if o.PaymentStatus != oas.OrderPaymentStatusRefunded || o.Fulfilment != oas.OrderFulfilmentCancelled || stockOf(t, env, m) != held+2 {
		t.Errorf("after the dispute and refund: %s %s, stock %d", o.PaymentStatus, o.Fulfilment, stockOf(t, env, m))
	}

	// A second order whose payment fails: Failed, the stock given back once.
	co2, _ := checkoutShirts(t, agent, 1)
	var intent2 string
	if err := env.Pool.QueryRow(ctx, `SELECT payment_intent_id FROM store_orders WHERE id = $1`, co2.Order.ID).Scan(&intent2); err != nil {
		t.Fatal(err)
	}
	afterCheckout := stockOf(t, env, m)
	failed := cardpay.Sign(servertest.DemoWebhookSecret, "evt_fail_2", shop.EventFailed, intent2, 2000, now)
	for range 3 {
		deliver(t, env, failed)
	}
	apply(t, env)
	if o := orderOf(t, agent, co2.Order.ID); o.PaymentStatus != oas.OrderPaymentStatusFailed || stockOf(t, env, m) != afterCheckout+1 {
		t.Errorf("after a failed payment: %s, stock %d (was %d)", o.PaymentStatus, stockOf(t, env, m), afterCheckout)
	}
	// An event about a PaymentIntent no order has is kept and ignored.
	deliver(t, env, cardpay.Sign(servertest.DemoWebhookSecret, "evt_other", shop.EventSucceeded, "pi_not_ours", 100, now))
	apply(t, env)
	var outcome string
	if err := env.Pool.QueryRow(ctx, `SELECT outcome FROM stripe_events WHERE id = 'evt_other'`).Scan(&outcome); err != nil ||
		!strings.HasPrefix(outcome, "ignored: no order") {
		t.Errorf("an event of another intent: %q %v", outcome, err)
	}
}

// TestDemoPayment: in demo mode the server confirms the intent against stripe-mock and
// delivers the signed event to itself; the order is Paid once the job applies it.
func TestDemoPayment(t *testing.T) {
	env := servertest.Start(t)
	env.WithPayments(t)
	ctx := context.Background()
	agent := client(t, env, ready(t, env, seed.DemoAgent))
	rmd := client(t, env, ready(t, env, seed.DemoRMD))
	co, _ := checkoutShirts(t, agent, 1)
	if _, err := rmd.PayStoreOrderDemo(ctx, oas.PayStoreOrderDemoParams{ID: co.Order.ID}); statusOf(err) != 404 {
		t.Errorf("another associate pays it: %v", err)
	}
	if _, err := agent.PayStoreOrderDemo(ctx, oas.PayStoreOrderDemoParams{ID: co.Order.ID}); err != nil {
		t.Fatal(err)
	}
	if n := apply(t, env); n != 1 {
		t.Errorf("applied %d events", n)
	}
	if o := orderOf(t, agent, co.Order.ID); o.PaymentStatus != oas.OrderPaymentStatusPaid {
		t.Errorf("after the demo payment: %s", o.PaymentStatus)
	}
	if _, err := agent.PayStoreOrderDemo(ctx, oas.PayStoreOrderDemoParams{ID: co.Order.ID}); statusOf(err) != 409 {
		t.Errorf("paying twice: %v", err)
	}
	// The mail of the payment is queued for the associate.
	var queued int
	if err := env.Pool.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE kind = 'mail' AND args->>'id' = $1`,
		fmt.Sprintf("order.%d.payment.Paid", co.Order.ID)).Scan(&queued); err != nil || queued != 1 {
		t.Errorf("%d mails of the payment (%v)", queued, err)
	}
}

// TestOrderVisibilityAndFulfilment: the purchase history is the associate's own; staff with
// store.manage see every order and move its fulfilment as the workflow allows, the
// associate told by mail.
func TestOrderVisibilityAndFulfilment(t *testing.T) {
	env := servertest.Start(t)
	env.WithPayments(t)
	ctx := context.Background()
	agent := client(t, env, ready(t, env, seed.DemoAgent))
	rmd := client(t, env, ready(t, env, seed.DemoRMD))
	staff := client(t, env, login(t, env, seed.DemoStaff))
	co, _ := checkoutShirts(t, agent, 1)
	id := co.Order.ID
	if _, err := rmd.GetStoreOrder(ctx, oas.GetStoreOrderParams{ID: id}); statusOf(err) != 404 {
		t.Errorf("the upline reads the agent's order: %v", err)
	}
	if l, err := rmd.ListStoreOrders(ctx, oas.ListStoreOrdersParams{}); err != nil || len(l.Response.Data) != 4 {
		t.Errorf("the RMD's purchase history: %+v %v", l, err)
	} else {
		for _, o := range l.Response.Data {
			if o.AssociateCode != seed.DemoRMDCode {
				t.Errorf("the RMD's purchase history holds %s's order %d", o.AssociateCode, o.ID)
			}
		}
	}
	// The agent's, newest first: the new order, then the seeded ones in every state.
	l, err := agent.ListStoreOrders(ctx, oas.ListStoreOrdersParams{})
	if err != nil || len(l.Response.Data) != 9 || l.Response.Data[0].ID != id {
		t.Errorf("the agent's purchase history: %+v %v", l, err)
	}
	payments, fulfilments := map[oas.OrderPaymentStatus]bool{}, map[oas.OrderFulfilment]bool{}
	for _, o := range l.Response.Data {
		payments[o.PaymentStatus], fulfilments[o.Fulfilment] = true, true
	}
	if len(payments) != 5 || len(fulfilments) != 5 {
		t.Errorf("the seeded orders miss a state: %v %v", payments, fulfilments)
	}
	if o := orderOf(t, agent, id); len(o.FulfilmentMoves) != 0 {
		t.Errorf("an associate is offered moves: %v", o.FulfilmentMoves)
	}
	move := func(to oas.OrderFulfilment) error {
		_, err := staff.MoveStoreOrderFulfilment(ctx, &oas.FulfilmentInput{Status: to}, oas.MoveStoreOrderFulfilmentParams{ID: id})
		return err
	}
	// Nothing is prepared before the order is paid.
	if err := move(oas.OrderFulfilmentProcessing); statusOf(err) != 409 {
		t.Errorf("processing an unpaid order: %v", err)
	}
	if _, err := agent.MoveStoreOrderFulfilment(ctx, &oas.FulfilmentInput{Status: oas.OrderFulfilmentProcessing},
		oas.MoveStoreOrderFulfilmentParams{ID: id}); statusOf(err) != 403 {
		t.Errorf("an associate moves its order: %v", err)
	}
	var intent string
	if err := env.Pool.QueryRow(ctx, `SELECT payment_intent_id FROM store_orders WHERE id = $1`, id).Scan(&intent); err != nil {
		t.Fatal(err)
	}
	deliver(t, env, cardpay.Sign(servertest.DemoWebhookSecret, "evt_paid_v", shop.EventSucceeded, intent, 2000, time.Now()))
	apply(t, env)
	if o, err := staff.GetStoreOrder(ctx, oas.GetStoreOrderParams{ID: id}); err != nil ||
		fmt.Sprint(o.Response.FulfilmentMoves) != "[Processing Cancelled]" {
		t.Errorf("staff's moves of a paid order: %+v %v", o, err)
	}
	for _, to := range []oas.OrderFulfilment{oas.OrderFulfilmentProcessing, oas.OrderFulfilmentShipped} {
		if err := move(to); err != nil {
			t.Fatalf("to %s: %v", to, err)
		}
	}
	if err := move(oas.OrderFulfilmentCancelled); statusOf(err) != 409 {
		t.Errorf("cancelling a shipped order: %v", err)
	}
	if err := move(oas.OrderFulfilmentDelivered); err != nil {
		t.Fatal(err)
	}
	o := orderOf(t, agent, id)
	if o.Fulfilment != oas.OrderFulfilmentDelivered || len(o.History) != 4 || o.History[3].By.Or("") != "Sam Staffer" {
		t.Errorf("after delivery: %+v", o)
	}
	var mails int
	if err := env.Pool.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE kind = 'mail' AND args->>'id' LIKE $1`,
		fmt.Sprintf("order.%d.fulfilment.%%", id)).Scan(&mails); err != nil || mails != 3 {
		t.Errorf("%d fulfilment mails (%v)", mails, err)
	}
	all, err := staff.ListStoreOrders(ctx, oas.ListStoreOrdersParams{FilterFulfilmentIn: []oas.OrderFulfilment{oas.OrderFulfilmentDelivered}})
	if err != nil || len(all.Response.Data) != 5 || all.Response.Data[0].ID != id {
		t.Errorf("staff list delivered orders, newest first: %+v %v", all, err)
	}
}
