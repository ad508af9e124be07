package sdk

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/ogen-go/ogen/ogenerrors"

	"github.com/associateportal/portal/sdk/oas"
)

var errSkipSecurity = ogenerrors.ErrSkipClientSecurity

// Error is a failure answered by the server, in the contract's Error shape.
type Error struct {
	Status  int          // the HTTP status
	Message string       // the server's message, e.g. "Validation error"
	Errors  []FieldError // per-field messages of a validation error
	Code    string       // why, for a program (the contract's ErrorCode), or ""
}

// Codes of the contract's ErrorCode.
const (
	CodeAssociatesOnly          = "associates_only"           // staff must act for an associate
	CodeStaffPermission         = "staff_permission"          // staff need a permission, or to act for an associate
	CodeActingNotAllowed        = "acting_not_allowed"        // the caller may not act for associates
	CodeActingCodeUnknown       = "acting_code_unknown"       // no associate has the code acted for
	CodeAcknowledgementsPending = "acknowledgements_pending"  // memos or W-9s wait for the associate
	CodeEventFull               = "event_full"                // every seat of the event is taken (409)
	CodeEventRegistrationClosed = "event_registration_closed" // the event takes no registrations now: closed, started or over (409)
	CodeAlreadyCheckedIn        = "already_checked_in"        // the ticket or associate was checked in already (409)
)

// CodeOf is the code of an error answer, or "".
func CodeOf(err error) string {
	if e, ok := AsError(err); ok {
		return e.Code
	}
	return ""
}

// FieldError is the message about one field of a request.
type FieldError struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

// Error implements error: "Validation error (HTTP 422): email: is not valid".
func (e *Error) Error() string {
	var b strings.Builder
	msg := e.Message
	if msg == "" {
		msg = http.StatusText(e.Status)
	}
	fmt.Fprintf(&b, "%s (HTTP %d)", msg, e.Status)
	for i, fe := range e.Errors {
		if i == 0 {
			b.WriteString(": ")
		} else {
			b.WriteString("; ")
		}
		if fe.Field != "" {
			b.WriteString(fe.Field + ": ")
		}
		b.WriteString(fe.Message)
	}
	return b.String()
}

// FromOAS converts the generated client's error answer.
func FromOAS(e *oas.ErrorStatusCode) *Error {
	out := &Error{Status: e.StatusCode, Message: e.Response.Message, Code: string(e.Response.Code.Or(""))}
	if out.Status == 0 {
		out.Status = e.Response.Status
	}
	for _, fe := range e.Response.Errors {
		out.Errors = append(out.Errors, FieldError{Field: fe.Field, Message: fe.Message})
	}
	return out
}

// AsError finds the server's error answer in err, whether it is an *Error or the generated
// client's *oas.ErrorStatusCode (which operations called on the embedded client return).
func AsError(err error) (*Error, bool) {
	if err == nil {
		return nil, false
	}
	var e *Error
	if errors.As(err, &e) {
		return e, true
	}
	var oe *oas.ErrorStatusCode
	if errors.As(err, &oe) {
		return FromOAS(oe), true
	}
	return nil, false
}

// wrap turns an error of the generated client into an *Error when it is an error answer,
// and leaves any other error (network, context, decoding) as it is.
func wrap(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, ErrNoToken) {
		return ErrNoToken
	}
	if e, ok := AsError(err); ok {
		return e
	}
	return err
}

// Wrap is what the convenience methods do to every error: an error answer of the server
// becomes an *Error (with a readable message), anything else is returned as it is. Use it on
// errors of operations called on the embedded generated client.
func Wrap(err error) error { return wrap(err) }

// StatusOf returns the HTTP status of an error answer, or 0.
func StatusOf(err error) int {
	if e, ok := AsError(err); ok {
		return e.Status
	}
	return 0
}

// IsNotFound reports a 404: the record does not exist or the caller may not see it.
func IsNotFound(err error) bool { return StatusOf(err) == http.StatusNotFound }

// IsUnauthorized reports a 401, or a call made without a token (ErrNoToken).
func IsUnauthorized(err error) bool {
	return errors.Is(err, ErrNoToken) || StatusOf(err) == http.StatusUnauthorized
}

// IsForbidden reports a 403 (for example while acknowledgements are pending).
func IsForbidden(err error) bool { return StatusOf(err) == http.StatusForbidden }

// IsValidation reports a 422 validation error; its Errors say which fields.
func IsValidation(err error) bool { return StatusOf(err) == http.StatusUnprocessableEntity }

// IsConflict reports a 409.
func IsConflict(err error) bool { return StatusOf(err) == http.StatusConflict }

// IsRateLimited reports a 429.
func IsRateLimited(err error) bool { return StatusOf(err) == http.StatusTooManyRequests }
