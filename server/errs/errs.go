// Package errs holds the error kinds of the domain and the one table that maps them to
// HTTP statuses. Domain and store code return these; the API turns them into the
// contract's Error body.
package errs

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// Kind classifies an error for the caller.
type Kind int

const (
	Internal        Kind = iota // an unexpected failure; details only in the log
	BadRequest                  // malformed input (bad JSON, wrong encoding)
	Invalid                     // well-formed input that breaks a rule (field errors)
	Unauthenticated             // no or a dead session
	Forbidden                   // known caller, not allowed
	NotFound                    // absent, or not visible to the caller
	Conflict                    // the state of a record does not allow it
	TooLarge                    // body over the limit
	TooMany                     // rate limited
	Unavailable                 // a dependency is down
)

// statuses is the one table from kinds to HTTP statuses.
var statuses = map[Kind]int{
	Internal:        http.StatusInternalServerError,
	BadRequest:      http.StatusBadRequest,
	Invalid:         http.StatusUnprocessableEntity,
	Unauthenticated: http.StatusUnauthorized,
	Forbidden:       http.StatusForbidden,
	NotFound:        http.StatusNotFound,
	Conflict:        http.StatusConflict,
	TooLarge:        http.StatusRequestEntityTooLarge,
	TooMany:         http.StatusTooManyRequests,
	Unavailable:     http.StatusServiceUnavailable,
}

// Status is the HTTP status of a kind.
func (k Kind) Status() int { return statuses[k] }

// FieldError names one bad field and what is wrong with it, in words a user can read.
type FieldError struct {
	Field   string
	Message string
}

// Error is a classified error. Message is safe to show to the caller; Err is the cause,
// kept for the log.
type Error struct {
	Kind    Kind
	Message string
	Fields  []FieldError
	Err     error
	// Code tells a program why, where the status alone does not (the contract's ErrorCode).
	Code string
	// RetryAfter, on a 429 or a 503, is when trying again may work (the Retry-After header).
	RetryAfter time.Duration
}

func (e *Error) Error() string {
	msg := e.Message
	if msg == "" {
		msg = http.StatusText(e.Kind.Status())
	}
	if e.Err != nil {
		return msg + ": " + e.Err.Error()
	}
	return msg
}

func (e *Error) Unwrap() error { return e.Err }

// E builds an error of a kind with a message for the caller.
func E(k Kind, format string, args ...any) error {
	return &Error{Kind: k, Message: fmt.Sprintf(format, args...)}
}

// NotFoundf is the error for an absent or invisible record.
func NotFoundf(format string, args ...any) error { return E(NotFound, format, args...) }

// Forbiddenf is the error for a caller who may not do something.
func Forbiddenf(format string, args ...any) error { return E(Forbidden, format, args...) }

// Transition refuses a move a workflow does not allow, naming the moves it does (409), in
// one wording for every workflow: "A policy that is Pending cannot move to Approved; it can
// move to: Action Required, Ready To Pay".
func Transition[S ~string](thing string, from, to S, allowed []S) error {
	next := "nothing (it is final)"
	if len(allowed) > 0 {
		names := make([]string, len(allowed))
		for i, s := range allowed {
			names[i] = string(s)
		}
		next = strings.Join(names, ", ")
	}
	return Conflictf("A %s that is %s cannot move to %s; it can move to: %s", thing, from, to, next)
}

// Conflictf is the error for a state that does not allow the action.
func Conflictf(format string, args ...any) error { return E(Conflict, format, args...) }

// Unauthenticatedf is the error for a missing or dead session.
func Unauthenticatedf(format string, args ...any) error { return E(Unauthenticated, format, args...) }

// Validation is the 422 error with field errors; its message is always 'Validation error'.
func Validation(fields ...FieldError) error {
	return &Error{Kind: Invalid, Message: "Validation error", Fields: fields}
}

// Field is a shorthand for a FieldError.
func Field(field, format string, args ...any) FieldError {
	return FieldError{Field: field, Message: fmt.Sprintf(format, args...)}
}

// Codes of the contract's ErrorCode.
const (
	CodeAssociatesOnly          = "associates_only"
	CodeStaffPermission         = "staff_permission"
	CodeActingNotAllowed        = "acting_not_allowed"
	CodeActingCodeUnknown       = "acting_code_unknown"
	CodeAcknowledgementsPending = "acknowledgements_pending"
	CodeLoginThrottled          = "login_throttled"
	CodeLoginBusy               = "login_busy"
	CodePhotoBusy               = "photo_busy"
	CodeThrottled               = "throttled"
	CodeLinkInvalid             = "link_invalid"
	CodeUnreachable             = "database_unreachable"
	CodeEventFull               = "event_full"
	CodeEventRegistrationClosed = "event_registration_closed"
	CodeAlreadyCheckedIn        = "already_checked_in"
	CodeOutOfStock              = "out_of_stock"
	CodeCartNotReady            = "cart_not_ready"
	CodePaymentsUnavailable     = "payments_unavailable"
)

// Later is err with when to try again (the Retry-After of its answer), and a code; err must
// be a classified error.
func Later(err error, code string, after time.Duration) error {
	e := As(err)
	if e == nil {
		return err
	}
	out := *e
	out.Code, out.RetryAfter = code, after
	return &out
}

// Coded is an error of a kind with a code for programs and a message for people.
func Coded(k Kind, code, format string, args ...any) error {
	return &Error{Kind: k, Code: code, Message: fmt.Sprintf(format, args...)}
}

// CodeOf is the code of err's classified error, or "".
func CodeOf(err error) string {
	if e := As(err); e != nil {
		return e.Code
	}
	return ""
}

// Wrap marks a cause with a kind, keeping the cause for the log.
func Wrap(k Kind, err error, format string, args ...any) error {
	return &Error{Kind: k, Message: fmt.Sprintf(format, args...), Err: err}
}

// As returns the classified error in err's chain, or nil.
func As(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return nil
}

// KindOf is the kind of err; Internal when it is not classified.
func KindOf(err error) Kind {
	if e := As(err); e != nil {
		return e.Kind
	}
	return Internal
}

// Is reports whether err is classified as k.
func Is(err error, k Kind) bool { return err != nil && KindOf(err) == k }

// Fields collects field errors and returns them as one Validation error, or nil.
type Fields []FieldError

// Add appends a field error.
func (f *Fields) Add(field, format string, args ...any) {
	*f = append(*f, Field(field, format, args...))
}

// Err is the Validation error of the collected fields, or nil when there are none.
func (f Fields) Err() error {
	if len(f) == 0 {
		return nil
	}
	return Validation(f...)
}

// LinkInvalid is the 422 of a token from a link (reset, confirmation, SSO) that is unknown,
// used or expired: code link_invalid, the message on the token field too.
func LinkInvalid(format string, args ...any) error {
	msg := fmt.Sprintf(format, args...)
	return &Error{Kind: Invalid, Code: CodeLinkInvalid, Message: msg, Fields: []FieldError{{Field: "token", Message: msg}}}
}
