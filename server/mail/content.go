package mail

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	htmltemplate "html/template"
	"maps"
	"net/url"
	"slices"
	"strings"
	texttemplate "text/template"
	"time"
)

// Kind names a kind of mail: one set of templates (subject, text, HTML) and one data type.
type Kind string

// The kinds of mail.
const (
	KindPasswordReset      Kind = "password_reset"
	KindEmailChangeConfirm Kind = "email_change_confirm"
	KindEmailChangeNotice  Kind = "email_change_notice"
	KindWelcome            Kind = "welcome"
	KindRegisterAttempt    Kind = "register_attempt"
	KindPayoutChange       Kind = "payout_change"
	KindPayoutOwner        Kind = "payout_owner"
	KindOrderUpdate        Kind = "order_update"
)

// Content is the typed data of one kind of mail. Only this package's types implement it,
// so a template always gets the data it was written for.
type Content interface {
	Kind() Kind
	check() error
}

// PasswordReset is sent to an account's address when someone asks to reset its password.
type PasswordReset struct {
	Name     string        `json:"name,omitempty"` // the account holder's name, for the greeting
	Link     string        `json:"link"`           // absolute URL of the reset page with its single-use token
	ValidFor time.Duration `json:"valid_for"`      // how long the link works
}

// EmailChangeConfirm is sent to the new address of an email change; the change takes
// effect when its link is followed.
type EmailChangeConfirm struct {
	Name       string        `json:"name,omitempty"`
	NewAddress string        `json:"new_address"`
	Link       string        `json:"link"` // absolute URL that confirms the change
	ValidFor   time.Duration `json:"valid_for"`
}

// EmailChangeNotice is sent to the old address of an email change: when it is requested,
// or, with Confirmed, once it has taken effect.
type EmailChangeNotice struct {
	Name       string `json:"name,omitempty"`
	NewAddress string `json:"new_address"` // as it should be shown (the caller may mask it)
	Confirmed  bool   `json:"confirmed,omitempty"`
	HelpLink   string `json:"help_link"` // absolute URL of the forgot-password page
}

// Welcome is sent to a newly registered associate.
type Welcome struct {
	Name      string `json:"name,omitempty"`
	Code      string `json:"code,omitempty"` // the associate's code, when there is one
	LoginLink string `json:"login_link"`
}

// RegisterAttempt is sent to an address that is already registered when someone tries
// to register with it, instead of telling the visitor that the address is taken.
type RegisterAttempt struct {
	Name      string `json:"name,omitempty"`
	LoginLink string `json:"login_link"`
	ResetLink string `json:"reset_link"` // absolute URL of the forgot-password page
}

// PayoutChange tells an associate that a payout account of theirs changed status.
type PayoutChange struct {
	Name   string `json:"name,omitempty"`
	Bank   string `json:"bank"`
	Last4  string `json:"last4"`  // of the account number
	Status string `json:"status"` // the payout-change status it is in now
	Reason string `json:"reason,omitempty"`
	Note   string `json:"note,omitempty"` // staff's words, when they wrote some
	Link   string `json:"link"`           // absolute URL of the account's page
}

// PayoutOwner asks the owner of a bank account that an associate is authorised to use to
// approve it.
type PayoutOwner struct {
	OwnerName     string        `json:"owner_name,omitempty"`
	AssociateName string        `json:"associate_name"`
	Bank          string        `json:"bank"`
	Last4         string        `json:"last4"`
	Link          string        `json:"link"` // absolute URL of the owner's page, with its single-use token
	ValidFor      time.Duration `json:"valid_for"`
}

// OrderUpdate tells an associate that a store order of theirs moved: paid, prepared,
// shipped, delivered, cancelled, refunded.
type OrderUpdate struct {
	Name    string `json:"name,omitempty"`
	OrderID int64  `json:"order_id"`
	What    string `json:"what"`  // "payment" or "fulfilment"
	State   string `json:"state"` // the state it is in now
	Total   string `json:"total"` // the order's total, written out ($42.00)
	Link    string `json:"link"`  // absolute URL of the purchase history
}

// Kind is the kind of mail.
func (OrderUpdate) Kind() Kind { return KindOrderUpdate }

func (c OrderUpdate) check() error {
	return errors.Join(checkLink("link", c.Link), checkNonEmpty("state", c.State), checkNonEmpty("total", c.Total))
}

// Kind is the kind of mail.
func (PayoutChange) Kind() Kind { return KindPayoutChange }

// Kind is the kind of mail.
func (PayoutOwner) Kind() Kind { return KindPayoutOwner }

func (c PayoutChange) check() error {
	return errors.Join(checkLink("link", c.Link), checkNonEmpty("bank", c.Bank), checkNonEmpty("status", c.Status))
}

func (c PayoutOwner) check() error {
	return errors.Join(checkLink("link", c.Link), checkValidFor(c.ValidFor), checkNonEmpty("associate name", c.AssociateName))
}

// Kind is the kind of mail.
func (PasswordReset) Kind() Kind { return KindPasswordReset }

// Kind is the kind of mail.
func (EmailChangeConfirm) Kind() Kind { return KindEmailChangeConfirm }

// Kind is the kind of mail.
func (EmailChangeNotice) Kind() Kind { return KindEmailChangeNotice }

// Kind is the kind of mail.
func (Welcome) Kind() Kind { return KindWelcome }

// Kind is the kind of mail.
func (RegisterAttempt) Kind() Kind { return KindRegisterAttempt }

func (c PasswordReset) check() error {
	return errors.Join(checkLink("link", c.Link), checkValidFor(c.ValidFor))
}

func (c EmailChangeConfirm) check() error {
	return errors.Join(checkLink("link", c.Link), checkValidFor(c.ValidFor), checkNonEmpty("new address", c.NewAddress))
}

func (c EmailChangeNotice) check() error {
	return errors.Join(checkLink("help link", c.HelpLink), checkNonEmpty("new address", c.NewAddress))
}

func (c Welcome) check() error { return checkLink("login link", c.LoginLink) }

func (c RegisterAttempt) check() error {
	return errors.Join(checkLink("login link", c.LoginLink), checkLink("reset link", c.ResetLink))
}

// checkLink accepts an absolute http or https URL: a link in a mail has no page to be
// relative to.
func checkLink(field, s string) error {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return invalidf("the %s must be an absolute http(s) URL (the value is not shown: it may hold a token)", field)
	}
	return nil
}

func checkValidFor(d time.Duration) error {
	if d < time.Minute {
		return invalidf("a link must be valid for at least a minute, not %s", d)
	}
	return nil
}

func checkNonEmpty(field, s string) error {
	if strings.TrimSpace(s) == "" {
		return invalidf("the %s is empty", field)
	}
	return nil
}

// kinds lists every kind with the decoder of its data: the one place a new kind is added
// (with its two template files).
var kinds = map[Kind]func([]byte) (Content, error){
	KindPasswordReset:      decoder[PasswordReset],
	KindEmailChangeConfirm: decoder[EmailChangeConfirm],
	KindEmailChangeNotice:  decoder[EmailChangeNotice],
	KindWelcome:            decoder[Welcome],
	KindRegisterAttempt:    decoder[RegisterAttempt],
	KindPayoutChange:       decoder[PayoutChange],
	KindPayoutOwner:        decoder[PayoutOwner],
	KindOrderUpdate:        decoder[OrderUpdate],
}

// Kinds lists the kinds of mail, sorted.
func Kinds() []Kind { return slices.Sorted(maps.Keys(kinds)) }

func decoder[T Content](b []byte) (Content, error) {
	var v T
	if len(b) == 0 {
		return v, nil
	}
	err := json.Unmarshal(b, &v)
	return v, err
}

func decodeContent(k Kind, data []byte) (Content, error) {
	dec, ok := kinds[k]
	if !ok {
		return nil, invalidf("unknown kind %q", k)
	}
	c, err := dec(data)
	if err != nil {
		return nil, invalidf("%s data: %v", k, err)
	}
	return c, nil
}

//go:embed templates
var templateFS embed.FS

// set is the templates of one kind: subject and text body from text/template, the HTML
// body from html/template, so that data is escaped as HTML.
type set struct {
	text *texttemplate.Template
	html *htmltemplate.Template
}

var sets = parseSets()

var funcs = map[string]any{"duration": durationWords}

// parseSets parses, for every kind, its .txt file over layout.txt and its .html file over
// layout.html. The templates are part of the binary, so a broken one is a panic at start
// (and a failed test), never a failed send.
func parseSets() map[Kind]set {
	textLayout := texttemplate.Must(texttemplate.New("layout.txt").Funcs(funcs).ParseFS(templateFS, "templates/layout.txt"))
	htmlLayout := htmltemplate.Must(htmltemplate.New("layout.html").Funcs(funcs).ParseFS(templateFS, "templates/layout.html"))
	out := make(map[Kind]set, len(kinds))
	for k := range kinds {
		out[k] = set{
			text: texttemplate.Must(texttemplate.Must(textLayout.Clone()).ParseFS(templateFS, "templates/"+string(k)+".txt")),
			html: htmltemplate.Must(htmltemplate.Must(htmlLayout.Clone()).ParseFS(templateFS, "templates/"+string(k)+".html")),
		}
	}
	return out
}

// render checks a content and runs its kind's templates.
func render(c Content) (Rendered, error) {
	s, ok := sets[c.Kind()]
	if !ok {
		return Rendered{}, invalidf("unknown kind %q", c.Kind())
	}
	if err := c.check(); err != nil {
		return Rendered{}, err
	}
	var subject, text, html bytes.Buffer
	if err := s.text.ExecuteTemplate(&subject, "subject", c); err != nil {
		return Rendered{}, invalidf("%s subject: %v", c.Kind(), err)
	}
	if err := s.text.ExecuteTemplate(&text, "layout.txt", c); err != nil {
		return Rendered{}, invalidf("%s text: %v", c.Kind(), err)
	}
	if err := s.html.ExecuteTemplate(&html, "layout.html", c); err != nil {
		return Rendered{}, invalidf("%s HTML: %v", c.Kind(), err)
	}
	// A name with a line break must not make a subject of two lines.
	subj := strings.Join(strings.Fields(subject.String()), " ")
	return Rendered{Subject: subj, Text: text.String(), HTML: html.String()}, nil
}

// durationWords writes a link's lifetime in words: "1 hour", "30 minutes", "2 days".
func durationWords(d time.Duration) string {
	const day = 24 * time.Hour
	n, unit := int64(0), ""
	switch {
	case d >= day && d%day == 0:
		n, unit = int64(d/day), "day"
	case d >= time.Hour && d%time.Hour == 0:
		n, unit = int64(d/time.Hour), "hour"
	default:
		n, unit = int64((d+time.Minute-1)/time.Minute), "minute"
	}
	if n != 1 {
		unit += "s"
	}
	return fmt.Sprintf("%d %s", n, unit)
}
