// Package cardpay takes card payments through Stripe (stripe-go): PaymentIntents created
// with an idempotency key per order, webhooks verified by signature within a tolerance
// window, and a demo payment mode against stripe-mock for when no Stripe keys are set.
package cardpay

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"
)

// Tolerance is how old a webhook's signature may be: an older one is a replay.
const Tolerance = 5 * time.Minute

// Config says how to reach Stripe.
type Config struct {
	SecretKey      string // sk_test_… or sk_live_…
	PublishableKey string // pk_…, handed to the browser with each checkout
	WebhookSecret  string // whsec_…
	// APIURL is where the Stripe API is (stripe-mock in demo mode and tests); empty: Stripe.
	APIURL string
	// Demo is the demo payment mode: the API is stripe-mock, which Stripe.js cannot reach,
	// so the server confirms payments itself and delivers their webhook to itself.
	Demo bool
}

// Gateway is Stripe, as the store uses it.
type Gateway struct {
	cfg    Config
	client *stripe.Client
}

// New makes a gateway; it refuses a configuration missing a key.
func New(cfg Config) (*Gateway, error) {
	switch {
	case cfg.SecretKey == "":
		return nil, errors.New("cardpay: the Stripe secret key is not set")
	case cfg.PublishableKey == "":
		return nil, errors.New("cardpay: the Stripe publishable key is not set")
	case cfg.WebhookSecret == "":
		return nil, errors.New("cardpay: the Stripe webhook secret is not set")
	}
	var opts []stripe.ClientOption
	if cfg.APIURL != "" {
		opts = append(opts, stripe.WithBackends(stripe.NewBackendsWithConfig(&stripe.BackendConfig{
			URL: stripe.String(cfg.APIURL), HTTPClient: &http.Client{Timeout: 15 * time.Second},
			MaxNetworkRetries: stripe.Int64(2), LeveledLogger: &stripe.LeveledLogger{Level: stripe.LevelNull},
		})))
	}
	return &Gateway{cfg: cfg, client: stripe.NewClient(cfg.SecretKey, opts...)}, nil
}

// WebhookSecret signs the demo mode's own deliveries.
func (g *Gateway) WebhookSecret() string { return g.cfg.WebhookSecret }

// Demo reports the demo payment mode.
func (g *Gateway) Demo() bool { return g.cfg.Demo }

// PublishableKey is the key the browser's Stripe.js uses.
func (g *Gateway) PublishableKey() string { return g.cfg.PublishableKey }

// Intent is a PaymentIntent as the store keeps it.
type Intent struct{ ID, ClientSecret string }

// CreateIntent creates the PaymentIntent of an order. Its idempotency key is the order's,
// so a retried request (ours or the library's) never creates a second one.
func (g *Gateway) CreateIntent(ctx context.Context, orderID, cents int64, associateCode string) (Intent, error) {
	p := &stripe.PaymentIntentCreateParams{
		Amount:                  stripe.Int64(cents),
		Currency:                stripe.String(string(stripe.CurrencyUSD)),
		AutomaticPaymentMethods: &stripe.PaymentIntentCreateAutomaticPaymentMethodsParams{Enabled: stripe.Bool(true)},
		Description:             stripe.String(fmt.Sprintf("Associate Portal store order %d", orderID)),
	}
	p.SetIdempotencyKey("store-order-" + strconv.FormatInt(orderID, 10))
	p.AddMetadata("order_id", strconv.FormatInt(orderID, 10))
	p.AddMetadata("associate_code", associateCode)
	pi, err := g.client.V1PaymentIntents.Create(ctx, p)
	if err != nil {
		return Intent{}, fmt.Errorf("cardpay: create the PaymentIntent of order %d: %w", orderID, err)
	}
	return Intent{ID: pi.ID, ClientSecret: pi.ClientSecret}, nil
}

// ConfirmDemo confirms a PaymentIntent with Stripe's test Visa card, as the browser's
// Stripe.js would; demo mode only.
func (g *Gateway) ConfirmDemo(ctx context.Context, intentID string) error {
	if !g.cfg.Demo {
		return errors.New("cardpay: payments are confirmed by the browser outside demo mode")
	}
	p := &stripe.PaymentIntentConfirmParams{PaymentMethod: stripe.String("pm_card_visa")}
	p.SetIdempotencyKey("confirm-" + intentID)
	if _, err := g.client.V1PaymentIntents.Confirm(ctx, intentID, p); err != nil {
		return fmt.Errorf("cardpay: confirm %s: %w", intentID, err)
	}
	return nil
}

// Event is a verified webhook event: its id, type and the PaymentIntent it is about.
type Event struct {
	ID, Type string
	IntentID string // empty for an event about no PaymentIntent
	Created  time.Time
	Payload  json.RawMessage
}

// ErrSignature is a webhook whose signature is missing, wrong or too old.
var ErrSignature = errors.New("cardpay: the webhook's signature is not valid")

// Verify checks a webhook's body against its Stripe-Signature header and reads it.
func (g *Gateway) Verify(payload []byte, header string) (Event, error) {
	ev, err := webhook.ConstructEventWithOptions(payload, header, g.cfg.WebhookSecret,
		// The event's fields read here (id, type, the object's id and payment_intent) are
		// the same in every API version.
		webhook.ConstructEventOptions{Tolerance: Tolerance, IgnoreAPIVersionMismatch: true})
	if err != nil {
		return Event{}, fmt.Errorf("%w: %v", ErrSignature, err)
	}
	var obj struct {
		Object        string          `json:"object"`
		ID            string          `json:"id"`
		PaymentIntent json.RawMessage `json:"payment_intent"`
	}
	out := Event{ID: ev.ID, Type: string(ev.Type), Created: time.Unix(ev.Created, 0).UTC(), Payload: payload}
	if ev.Data != nil && len(ev.Data.Raw) > 0 {
		if err := json.Unmarshal(ev.Data.Raw, &obj); err != nil {
			return Event{}, fmt.Errorf("cardpay: event %s: %w", ev.ID, err)
		}
	}
	switch {
	case obj.Object == "payment_intent":
		out.IntentID = obj.ID
	case len(obj.PaymentIntent) > 0:
		// A string id, or the expanded object.
		var id string
		if json.Unmarshal(obj.PaymentIntent, &id) != nil {
			var pi struct {
				ID string `json:"id"`
			}
			_ = json.Unmarshal(obj.PaymentIntent, &pi)
			id = pi.ID
		}
		out.IntentID = id
	}
	if out.ID == "" || out.Type == "" {
		return Event{}, fmt.Errorf("%w: no event id or type", ErrSignature)
	}
	return out, nil
}

// SignedEvent is a webhook as Stripe would send it: its body and Stripe-Signature header.
type SignedEvent struct {
	Payload []byte
	Header  string
}

// Sign writes and signs an event about a PaymentIntent (the demo mode's own delivery, and
// tests): payment_intent.* events carry the intent, charge.* events a charge of it.
func Sign(secret, eventID, eventType, intentID string, amount int64, at time.Time) SignedEvent {
	var object map[string]any
	switch {
	case strings.HasPrefix(eventType, "charge."):
		object = map[string]any{"id": "ch_" + intentID[3:], "object": "charge", "payment_intent": intentID, "amount": amount, "currency": "usd"}
		if eventType == "charge.dispute.created" {
			object = map[string]any{"id": "dp_" + intentID[3:], "object": "dispute", "payment_intent": intentID, "amount": amount, "currency": "usd"}
		}
	default:
		object = map[string]any{"id": intentID, "object": "payment_intent", "amount": amount, "currency": "usd"}
	}
	body, _ := json.Marshal(map[string]any{
		"id": eventID, "object": "event", "api_version": stripe.APIVersion, "created": at.Unix(), "livemode": false,
		"type": eventType, "data": map[string]any{"object": object}, "pending_webhooks": 1,
	})
	p := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: body, Secret: secret, Timestamp: at})
	return SignedEvent{Payload: p.Payload, Header: p.Header}
}
