package errs_test

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/server/errs"
)

func TestStatus(t *testing.T) {
	tests := []struct {
		kind errs.Kind
		want int
	}{
		{errs.Internal, http.StatusInternalServerError},
		{errs.BadRequest, http.StatusBadRequest},
		{errs.Invalid, http.StatusUnprocessableEntity},
		{errs.Unauthenticated, http.StatusUnauthorized},
		{errs.Forbidden, http.StatusForbidden},
		{errs.NotFound, http.StatusNotFound},
		{errs.Conflict, http.StatusConflict},
		{errs.TooLarge, http.StatusRequestEntityTooLarge},
		{errs.TooMany, http.StatusTooManyRequests},
		{errs.Unavailable, http.StatusServiceUnavailable},
	}
	for _, tt := range tests {
		t.Run(http.StatusText(tt.want), func(t *testing.T) {
			if got := tt.kind.Status(); got != tt.want {
				t.Errorf("Kind(%d).Status() = %d, want %d", tt.kind, got, tt.want)
			}
		})
	}
	// Every kind up to the last one has a status: a kind added without one fails here.
	for k := errs.Internal; k <= errs.Unavailable; k++ {
		if k.Status() == 0 {
			t.Errorf("Kind(%d) has no status", k)
		}
	}
}

func TestConstructors(t *testing.T) {
	cause := errors.New("disk on fire")
	tests := []struct {
		name    string
		err     error
		want    errs.Error
		wantMsg string
	}{
		{"E", errs.E(errs.TooMany, "slow down %d", 5), errs.Error{Kind: errs.TooMany, Message: "slow down 5"}, "slow down 5"},
		{"NotFoundf", errs.NotFoundf("client %d", 7), errs.Error{Kind: errs.NotFound, Message: "client 7"}, "client 7"},
		{"Forbiddenf", errs.Forbiddenf("no"), errs.Error{Kind: errs.Forbidden, Message: "no"}, "no"},
		{"Conflictf", errs.Conflictf("state %q", "closed"), errs.Error{Kind: errs.Conflict, Message: `state "closed"`}, `state "closed"`},
		{"Unauthenticatedf", errs.Unauthenticatedf("log in"), errs.Error{Kind: errs.Unauthenticated, Message: "log in"}, "log in"},
		{"Wrap", errs.Wrap(errs.Unavailable, cause, "store %s", "down"),
			errs.Error{Kind: errs.Unavailable, Message: "store down", Err: cause}, "store down: disk on fire"},
		{"empty message is the status text", &errs.Error{Kind: errs.NotFound}, errs.Error{Kind: errs.NotFound}, "Not Found"},
		{"empty message with a cause", &errs.Error{Kind: errs.Internal, Err: cause},
			errs.Error{Kind: errs.Internal, Err: cause}, "Internal Server Error: disk on fire"},
		{"Validation", errs.Validation(errs.Field("email", "bad %s", "email"), errs.FieldError{Field: "x", Message: "y"}),
			errs.Error{Kind: errs.Invalid, Message: "Validation error",
				Fields: []errs.FieldError{{Field: "email", Message: "bad email"}, {Field: "x", Message: "y"}}},
			"Validation error"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := errs.As(tt.err)
			if e == nil {
				t.Fatalf("As(%v) = nil", tt.err)
			}
			if diff := cmp.Diff(tt.want, *e, cmp.Comparer(func(a, b error) bool { return a == b })); diff != "" {
				t.Errorf("error (-want +got):\n%s", diff)
			}
			if got := tt.err.Error(); got != tt.wantMsg {
				t.Errorf("Error() = %q, want %q", got, tt.wantMsg)
			}
		})
	}
}

func TestThroughWrapping(t *testing.T) {
	cause := io.ErrUnexpectedEOF
	classified := errs.Wrap(errs.BadRequest, cause, "bad body")
	tests := []struct {
		name     string
		err      error
		wantKind errs.Kind
		wantAs   bool
	}{
		{"nil", nil, errs.Internal, false},
		{"plain error", errors.New("boom"), errs.Internal, false},
		{"classified", classified, errs.BadRequest, true},
		{"wrapped once", fmt.Errorf("decode: %w", classified), errs.BadRequest, true},
		{"wrapped twice", fmt.Errorf("handler: %w", fmt.Errorf("decode: %w", classified)), errs.BadRequest, true},
		{"joined", errors.Join(errors.New("other"), errs.NotFoundf("gone")), errs.NotFound, true},
		{"formatted with %v loses the kind", fmt.Errorf("decode: %v", classified), errs.Internal, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := errs.KindOf(tt.err); got != tt.wantKind {
				t.Errorf("KindOf = %d, want %d", got, tt.wantKind)
			}
			if got := errs.As(tt.err) != nil; got != tt.wantAs {
				t.Errorf("As != nil is %v, want %v", got, tt.wantAs)
			}
			if tt.err != nil && !errs.Is(tt.err, tt.wantKind) {
				t.Errorf("Is(err, %d) = false", tt.wantKind)
			}
		})
	}
	if errs.Is(nil, errs.Internal) {
		t.Error("Is(nil, Internal) = true; nil is no error")
	}
	if errs.Is(classified, errs.NotFound) {
		t.Error("Is(BadRequest error, NotFound) = true")
	}
	if !errors.Is(fmt.Errorf("x: %w", classified), io.ErrUnexpectedEOF) {
		t.Error("the cause of a Wrap is lost to errors.Is")
	}
	if got := errs.As(fmt.Errorf("x: %w", classified)); got != classified {
		t.Errorf("As answers %p, want the classified error %p", got, classified)
	}
}

func TestFields(t *testing.T) {
	var f errs.Fields
	if err := f.Err(); err != nil {
		t.Fatalf("Err() of no fields = %v, want nil", err)
	}
	f.Add("limit", "Limit must be from %d to %d", 1, 1000)
	f.Add("page", "Page is wrong")
	err := f.Err()
	if errs.KindOf(err) != errs.Invalid {
		t.Fatalf("KindOf(Err()) = %d, want Invalid", errs.KindOf(err))
	}
	want := []errs.FieldError{{Field: "limit", Message: "Limit must be from 1 to 1000"}, {Field: "page", Message: "Page is wrong"}}
	if diff := cmp.Diff(want, errs.As(err).Fields); diff != "" {
		t.Errorf("fields (-want +got):\n%s", diff)
	}
}

func TestTransitionNamesTheAllowedMoves(t *testing.T) {
	type status string
	err := errs.Transition("payment", status("Received"), status("Processed"), []status{"Action Required", "Ready To Pay"})
	if !errs.Is(err, errs.Conflict) || err.Error() != "A payment that is Received cannot move to Processed; it can move to: Action Required, Ready To Pay" {
		t.Errorf("%v", err)
	}
	if err := errs.Transition("payment", status("Processed"), status("Received"), nil); err.Error() !=
		"A payment that is Processed cannot move to Received; it can move to: nothing (it is final)" {
		t.Errorf("%v", err)
	}
}
