// Package shop holds the rules of store orders: how a payment's state follows Stripe's
// events, and how staff move an order's fulfilment.
package shop

import (
	"slices"
	"strings"

	"github.com/associateportal/portal/server/errs"
)

// Payment states of an order (the spec's order payment statuses).
const (
	Pending  = "Pending"
	Paid     = "Paid"
	Failed   = "Failed"
	Refunded = "Refunded"
	Disputed = "Disputed"
)

// Fulfilment states of an order.
const (
	FulfilmentPending = "Pending"
	Processing        = "Processing"
	Shipped           = "Shipped"
	Delivered         = "Delivered"
	Cancelled         = "Cancelled"
)

// The Stripe events that move a payment.
const (
	EventSucceeded = "payment_intent.succeeded"
	EventFailed    = "payment_intent.payment_failed"
	EventCanceled  = "payment_intent.canceled"
	EventRefunded  = "charge.refunded"
	EventDisputed  = "charge.dispute.created"
)

// PaymentAfter is the payment state an event of Stripe moves an order's payment to from
// the state it is in, and whether it moves it at all: an event out of order (a refund of
// an order never paid) or that repeats the state changes nothing. A payment that failed
// may still succeed (the customer tries another card on the same PaymentIntent).
func PaymentAfter(event, from string) (string, bool) {
	var to string
	var fromOK []string
	switch event {
	case EventSucceeded:
		to, fromOK = Paid, []string{Pending, Failed}
	case EventFailed, EventCanceled:
		to, fromOK = Failed, []string{Pending}
	case EventRefunded:
		to, fromOK = Refunded, []string{Paid, Disputed}
	case EventDisputed:
		to, fromOK = Disputed, []string{Paid}
	default:
		return from, false
	}
	if !slices.Contains(fromOK, from) {
		return from, false
	}
	return to, true
}

// fulfilmentMoves are the moves staff make, from each state.
var fulfilmentMoves = map[string][]string{
	FulfilmentPending: {Processing, Cancelled},
	Processing:        {Shipped, Cancelled},
	Shipped:           {Delivered},
	Delivered:         {},
	Cancelled:         {},
}

// FulfilmentMoves are the states an order's fulfilment may move to from where it is, given
// its payment: nothing is prepared or sent before the order is Paid, and a refunded order
// can only be cancelled.
func FulfilmentMoves(from, payment string) []string {
	var out []string
	for _, to := range fulfilmentMoves[from] {
		if to != Cancelled && payment != Paid {
			continue
		}
		out = append(out, to)
	}
	return out
}

// CheckFulfilment refuses a move the workflow does not allow (409 naming the moves there
// are).
func CheckFulfilment(from, to, payment string) error {
	moves := FulfilmentMoves(from, payment)
	if slices.Contains(moves, to) {
		return nil
	}
	if len(moves) == 0 {
		return errs.Conflictf("An order %s cannot move any further", strings.ToLower(from))
	}
	why := ""
	if payment != Paid && to != Cancelled && slices.Contains(fulfilmentMoves[from], to) {
		why = " (the order is not paid)"
	}
	return errs.Conflictf("An order %s can move to %s, not %s%s", strings.ToLower(from), strings.Join(moves, " or "), to, why)
}

// ReturnsStock says whether an order reaching a state gives its stock back: a payment that
// failed, a cancellation, or a refund before the goods were sent.
func ReturnsStock(payment, fulfilment string) bool {
	switch {
	case payment == Failed, fulfilment == Cancelled:
		return true
	case payment == Refunded:
		return fulfilment == FulfilmentPending || fulfilment == Processing
	}
	return false
}
