package shop_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/shop"
)

func TestPaymentAfter(t *testing.T) {
	for _, tc := range []struct {
		event, from, want string
		moves             bool
	}{
		{shop.EventSucceeded, shop.Pending, shop.Paid, true},
		{shop.EventSucceeded, shop.Failed, shop.Paid, true}, // another card on the same intent
		{shop.EventSucceeded, shop.Paid, shop.Paid, false},  // a duplicate
		{shop.EventSucceeded, shop.Refunded, shop.Refunded, false},
		{shop.EventFailed, shop.Pending, shop.Failed, true},
		{shop.EventFailed, shop.Paid, shop.Paid, false}, // out of order: a late failure of an earlier attempt
		{shop.EventCanceled, shop.Pending, shop.Failed, true},
		{shop.EventRefunded, shop.Paid, shop.Refunded, true},
		{shop.EventRefunded, shop.Disputed, shop.Refunded, true},
		{shop.EventRefunded, shop.Pending, shop.Pending, false},
		{shop.EventDisputed, shop.Paid, shop.Disputed, true},
		{shop.EventDisputed, shop.Pending, shop.Pending, false},
		{"customer.created", shop.Pending, shop.Pending, false},
	} {
		got, moves := shop.PaymentAfter(tc.event, tc.from)
		if got != tc.want || moves != tc.moves {
			t.Errorf("%s from %s: %s %v, want %s %v", tc.event, tc.from, got, moves, tc.want, tc.moves)
		}
	}
}

func TestFulfilment(t *testing.T) {
	for _, tc := range []struct {
		from, payment string
		want          []string
	}{
		{shop.FulfilmentPending, shop.Paid, []string{shop.Processing, shop.Cancelled}},
		{shop.FulfilmentPending, shop.Pending, []string{shop.Cancelled}},
		{shop.FulfilmentPending, shop.Failed, []string{shop.Cancelled}},
		{shop.Processing, shop.Paid, []string{shop.Shipped, shop.Cancelled}},
		{shop.Processing, shop.Refunded, []string{shop.Cancelled}},
		{shop.Shipped, shop.Paid, []string{shop.Delivered}},
		{shop.Shipped, shop.Disputed, nil},
		{shop.Delivered, shop.Paid, nil},
		{shop.Cancelled, shop.Paid, nil},
	} {
		if diff := cmp.Diff(tc.want, shop.FulfilmentMoves(tc.from, tc.payment)); diff != "" {
			t.Errorf("from %s, %s (-want +got):\n%s", tc.from, tc.payment, diff)
		}
	}
	for _, tc := range []struct{ from, to, payment, message string }{
		{shop.FulfilmentPending, shop.Shipped, shop.Paid, "An order pending can move to Processing or Cancelled, not Shipped"},
		{shop.FulfilmentPending, shop.Processing, shop.Pending, "An order pending can move to Cancelled, not Processing (the order is not paid)"},
		{shop.Delivered, shop.Cancelled, shop.Paid, "An order delivered cannot move any further"},
	} {
		err := shop.CheckFulfilment(tc.from, tc.to, tc.payment)
		if !errs.Is(err, errs.Conflict) || err.Error() != tc.message {
			t.Errorf("%s → %s (%s): %v, want %q", tc.from, tc.to, tc.payment, err, tc.message)
		}
	}
	if err := shop.CheckFulfilment(shop.Shipped, shop.Delivered, shop.Paid); err != nil {
		t.Errorf("shipped → delivered: %v", err)
	}
}

func TestReturnsStock(t *testing.T) {
	for _, tc := range []struct {
		payment, fulfilment string
		want                bool
	}{
		{shop.Failed, shop.FulfilmentPending, true},
		{shop.Paid, shop.Cancelled, true},
		{shop.Refunded, shop.Processing, true},
		{shop.Refunded, shop.Shipped, false},
		{shop.Paid, shop.Shipped, false},
		{shop.Pending, shop.FulfilmentPending, false},
		{shop.Disputed, shop.Delivered, false},
	} {
		if got := shop.ReturnsStock(tc.payment, tc.fulfilment); got != tc.want {
			t.Errorf("%s/%s: %v", tc.payment, tc.fulfilment, got)
		}
	}
}
