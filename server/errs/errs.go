// Package errs holds the error kinds of the domain and the one table that maps them to
// HTTP statuses. Domain and store code return these; the API turns them into the
// contract's Error body.
package errs

import (
	"errors"
	"fmt"
	"net/http"
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

// ErrUnreachable marks an Unavailable error whose cause is a database connection that was
// refused or dropped (a restart, a failover): it heals by itself, so the client is told to
// retry and nobody is paged.
var ErrUnreachable = errors.New("the database is unreachable")
