package api

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/cardpay"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/mail"
	"github.com/associateportal/portal/server/shop"
	"github.com/associateportal/portal/server/store"
)

// Store orders: checkout with Stripe, the purchase history, Stripe's webhooks, staff's
// fulfilment, and the demo payment mode.

var orderPages pagePool[oas.StoreOrderSummary]

var errNoPayments = errs.Later(errs.E(errs.Unavailable, "Card payments are not configured on this server"),
	errs.CodePaymentsUnavailable, 0)

// orderViewer is who reads orders: the associate the caller is (or acts for), everyone's
// with store.manage.
func orderViewer(p *auth.Principal) store.OrderViewer {
	return store.OrderViewer{AssociateID: p.AssociateID, All: p.Can(auth.PermStoreManage)}
}

// CheckoutCart turns the caller's cart into an order and its PaymentIntent.
func (h *Handler) CheckoutCart(ctx context.Context) (*oas.CheckoutHeaders, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	if h.Pay == nil {
		return nil, errNoPayments
	}
	o, err := h.Store.Checkout(ctx, p.AssociateID, h.Pay.Demo(), h.now(), func(ctx context.Context, orderID, cents int64) (string, string, error) {
		in, err := h.Pay.CreateIntent(ctx, orderID, cents, p.Code)
		if err != nil {
			h.Log.ErrorContext(ctx, "checkout: the PaymentIntent could not be created", "order", orderID, "err", err.Error())
		}
		return in.ID, in.ClientSecret, err
	})
	if err != nil {
		return nil, err
	}
	out := oas.Checkout{Order: h.orderOut(&o, false), ClientSecret: deref(o.ClientSecret), PublishableKey: h.Pay.PublishableKey(),
		Demo: h.Pay.Demo()}
	return &oas.CheckoutHeaders{Response: out}, nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// ListStoreOrders answers a page of the orders the caller may see.
func (h *Handler) ListStoreOrders(ctx context.Context, _ oas.ListStoreOrdersParams) (*oas.StoreOrderListHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	q, err := h.listQuery(ctx, p, store.StoreOrderListing)
	if err != nil {
		return nil, err
	}
	v := orderViewer(p)
	data, next, err := listPage(ctx, &orderPages, q,
		func(each func(*store.Order)) error { return h.Store.ListStoreOrders(ctx, v, q, each) },
		orderSummaryOut, store.OrderSortValue)
	if err != nil {
		return nil, err
	}
	return &oas.StoreOrderListHeaders{Response: oas.StoreOrderList{Data: data, NextCursor: next}}, nil
}

// GetStoreOrder answers an order with its lines and history.
func (h *Handler) GetStoreOrder(ctx context.Context, params oas.GetStoreOrderParams) (*oas.StoreOrderHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	o, err := h.Store.GetStoreOrder(ctx, params.ID, orderViewer(p))
	if err != nil {
		return nil, err
	}
	return &oas.StoreOrderHeaders{Response: h.orderOut(&o, p.Can(auth.PermStoreManage))}, nil
}

// MoveStoreOrderFulfilment moves an order's fulfilment (staff).
func (h *Handler) MoveStoreOrderFulfilment(ctx context.Context, req *oas.FulfilmentInput, params oas.MoveStoreOrderFulfilmentParams) (*oas.StoreOrderHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	o, err := h.Store.MoveFulfilment(ctx, params.ID, string(req.Status), p.UserID, h.now(), h.OrderMail)
	if err != nil {
		return nil, err
	}
	return &oas.StoreOrderHeaders{Response: h.orderOut(&o, true)}, nil
}

// PayStoreOrderDemo pays a Pending order in demo payment mode: the PaymentIntent is
// confirmed against stripe-mock and Stripe's signed payment_intent.succeeded is delivered
// to this server's own webhook path, which applies it as it would Stripe's.
func (h *Handler) PayStoreOrderDemo(ctx context.Context, params oas.PayStoreOrderDemoParams) (*oas.StoreOrderHeaders, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	if h.Pay == nil || !h.Pay.Demo() {
		return nil, errs.Conflictf("Demo payments are off: this server takes card payments with Stripe")
	}
	o, err := h.Store.DemoPayable(ctx, params.ID, p.AssociateID)
	if err != nil {
		return nil, err
	}
	if err := h.Pay.ConfirmDemo(ctx, *o.IntentID); err != nil {
		h.Log.ErrorContext(ctx, "demo payment: stripe-mock refused the confirmation", "order", o.ID, "err", err.Error())
		return nil, errs.Later(errs.Wrap(errs.Unavailable, err, "The demo payment could not be made; try again in a moment"),
			errs.CodePaymentsUnavailable, 30*time.Second)
	}
	ev := cardpay.Sign(h.Pay.WebhookSecret(), "evt_demo_"+strconv.FormatInt(o.ID, 10), shop.EventSucceeded, *o.IntentID, o.TotalCents, h.now())
	if _, err := h.receiveStripe(ctx, ev.Payload, ev.Header); err != nil {
		return nil, err
	}
	o, err = h.Store.GetStoreOrder(ctx, o.ID, store.OrderViewer{AssociateID: p.AssociateID})
	if err != nil {
		return nil, err
	}
	return &oas.StoreOrderHeaders{Response: h.orderOut(&o, false)}, nil
}

// ReceiveStripeWebhook verifies a Stripe event and stores it once; a job applies it.
func (h *Handler) ReceiveStripeWebhook(ctx context.Context, req oas.ReceiveStripeWebhookReq, params oas.ReceiveStripeWebhookParams) (*oas.WebhookReceipt, error) {
	if h.Pay == nil {
		return nil, errNoPayments
	}
	payload, err := io.ReadAll(io.LimitReader(req.Data, 1<<20))
	if err != nil {
		return nil, errs.Wrap(errs.Invalid, err, "The event could not be read")
	}
	dup, err := h.receiveStripe(ctx, payload, params.StripeSignature)
	if err != nil {
		return nil, err
	}
	return &oas.WebhookReceipt{Received: true, Duplicate: oas.NewOptBool(dup)}, nil
}

// receiveStripe is the webhook's work, for Stripe's deliveries and the demo mode's own.
func (h *Handler) receiveStripe(ctx context.Context, payload []byte, header string) (duplicate bool, err error) {
	ev, err := h.Pay.Verify(payload, header)
	if err != nil {
		h.Log.WarnContext(ctx, "stripe webhook refused", "err", err.Error(), "bytes", len(payload))
		if errors.Is(err, cardpay.ErrSignature) {
			return false, errs.E(errs.BadRequest, "The event's signature is not valid")
		}
		return false, errs.E(errs.BadRequest, "The event could not be read")
	}
	dup, err := h.Store.ReceiveStripeEvent(ctx, store.StripeEvent{ID: ev.ID, Type: ev.Type, IntentID: ev.IntentID, Payload: ev.Payload}, h.now())
	if err != nil {
		return false, err
	}
	if !dup {
		h.stripeEventsWritten(ctx)
	}
	return dup, nil
}

// OrderMail is the mail telling an associate its order moved: every fulfilment move, and
// the payment's Paid, Refunded and Disputed (not Failed: the checkout page says so).
func (h *Handler) OrderMail(o store.Order, kind, to string) *mail.Message {
	if kind == "payment" && to == shop.Failed {
		return nil
	}
	return &mail.Message{
		ID: fmt.Sprintf("order.%d.%s.%s", o.ID, kind, to),
		To: mail.Address{Name: o.Name, Address: o.Email},
		Content: mail.OrderUpdate{Name: o.Name, OrderID: o.ID, What: kind, State: to, Total: dollars(o.TotalCents),
			Link: h.link("account/purchase-history")},
	}
}

// dollars writes cents as US dollars: $1,234.50.
func dollars(cents int64) string {
	s := strconv.FormatInt(cents/100, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return fmt.Sprintf("$%s.%02d", s, cents%100)
}

func orderSummaryOut(o *store.Order) oas.StoreOrderSummary {
	return oas.StoreOrderSummary{ID: o.ID, AssociateCode: o.AssociateCode, AssociateName: o.Name, CreatedAt: o.CreatedAt,
		PaidAt: optTime(o.PaidAt), TotalCents: o.TotalCents, Currency: oas.StoreOrderSummaryCurrencyUSD,
		PaymentStatus: oas.OrderPaymentStatus(o.PaymentStatus), Fulfilment: oas.OrderFulfilment(o.Fulfilment),
		ItemCount: o.ItemCount, DemoPayment: o.Demo}
}

func (h *Handler) orderOut(o *store.Order, staff bool) oas.StoreOrder {
	s := orderSummaryOut(o)
	out := oas.StoreOrder{ID: s.ID, AssociateCode: s.AssociateCode, AssociateName: s.AssociateName, CreatedAt: s.CreatedAt,
		PaidAt: s.PaidAt, TotalCents: s.TotalCents, Currency: oas.StoreOrderCurrencyUSD, PaymentStatus: s.PaymentStatus,
		Fulfilment: s.Fulfilment, ItemCount: s.ItemCount, DemoPayment: s.DemoPayment,
		Lines: make([]oas.StoreOrderLine, len(o.Lines)), History: make([]oas.StoreOrderEvent, len(o.History)),
		FulfilmentMoves: []oas.OrderFulfilment{}}
	for i, l := range o.Lines {
		out.Lines[i] = oas.StoreOrderLine{VariantID: l.VariantID, ProductSlug: l.Slug, ProductName: l.Name, Sku: l.SKU,
			UnitPriceCents: l.UnitPriceCents, Quantity: l.Quantity, LineTotalCents: int64(l.Quantity) * l.UnitPriceCents}
		if l.Size != nil {
			out.Lines[i].Size = oas.NewOptShirtSize(oas.ShirtSize(*l.Size))
		}
	}
	for i, e := range o.History {
		out.History[i] = oas.StoreOrderEvent{At: e.At, Kind: oas.StoreOrderEventKind(e.Kind), From: e.From, To: e.To, By: optPtr(e.By)}
	}
	if staff {
		for _, m := range shop.FulfilmentMoves(o.Fulfilment, o.PaymentStatus) {
			out.FulfilmentMoves = append(out.FulfilmentMoves, oas.OrderFulfilment(m))
		}
	}
	return out
}
