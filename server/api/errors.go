package api

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"github.com/go-faster/jx"
	ht "github.com/ogen-go/ogen/http"
	"github.com/ogen-go/ogen/ogenerrors"
	"github.com/ogen-go/ogen/validate"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/httpx"
)

// NewError turns any error of a handler or of ogen's security step into the
// contract's Error body.
func (h *Handler) NewError(ctx context.Context, err error) *oas.ErrorStatusCode {
	status, body := h.classify(ctx, err)
	return &oas.ErrorStatusCode{StatusCode: status, Response: body}
}

// ErrorHandler is ogen's error path for decode, security and routing errors: the same
// body as NewError. ogen also calls it when writing an answer fails, once the status line
// has gone out (a download whose rows stop coming): an Error body appended to half a
// file would pass for its end, so the connection is aborted instead, and the client sees
// a failed transfer.
func (h *Handler) ErrorHandler(ctx context.Context, w http.ResponseWriter, _ *http.Request, err error) {
	if answered(err) {
		h.classify(ctx, err) // logged (and reported) as any failure
		if ctx.Err() != nil {
			return // the client left: nobody to tell
		}
		panic(http.ErrAbortHandler)
	}
	status, body := h.classify(ctx, err)
	var e jx.Encoder
	body.Encode(&e)
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(e.Bytes())
}

// answered reports whether ogen met err after the operation had answered: every error it
// meets before (decoding the parameters or the body, security, an operation not
// implemented) is one of these kinds; any other comes from writing the answer, whose
// status line is out.
func answered(err error) bool {
	var (
		params   *ogenerrors.DecodeParamsError
		param    *ogenerrors.DecodeParamError
		body     *ogenerrors.DecodeRequestError
		security *ogenerrors.SecurityError
	)
	return !errors.As(err, &params) && !errors.As(err, &param) && !errors.As(err, &body) &&
		!errors.As(err, &security) && !errors.Is(err, ht.ErrNotImplemented) &&
		!errors.Is(err, ogenerrors.ErrSecurityRequirementIsNotSatisfied)
}

// NotFound answers API paths that match no operation.
func (h *Handler) NotFound(w http.ResponseWriter, r *http.Request) {
	httpx.WriteError(w, http.StatusNotFound, "No API operation at "+r.Method+" "+r.URL.Path)
}

// MethodNotAllowed answers a known path with the wrong method.
func (h *Handler) MethodNotAllowed(w http.ResponseWriter, r *http.Request, allowed string) {
	w.Header().Set("Allow", allowed)
	httpx.WriteError(w, http.StatusMethodNotAllowed, "Method "+r.Method+" is not allowed here; allowed: "+allowed)
}

// statusClientClosed is the status logged for requests the client abandoned.
const statusClientClosed = 499

var decodeField = regexp.MustCompile(`decode field "([a-z0-9_]+)"`)

func (h *Handler) classify(ctx context.Context, err error) (int, oas.Error) {
	status, msg, fields := classify(err)
	if ctx.Err() != nil {
		// The client went away: nothing to report, and nobody to answer. The request log
		// says 499 (client closed request, as nginx does) rather than a server failure.
		h.Log.DebugContext(ctx, "request abandoned", "request_id", httpx.InfoFrom(ctx).ID, "err", err.Error())
		status, msg = statusClientClosed, "The request was cancelled"
	} else if errs.CodeOf(err) == errs.CodeUnreachable {
		// The database went away for a moment (a restart, a failover): nobody is paged for
		// what heals by itself.
		h.Log.WarnContext(ctx, "request failed: unavailable", "request_id", httpx.InfoFrom(ctx).ID, "err", err.Error())
	} else if status >= 500 {
		id := httpx.InfoFrom(ctx).ID
		h.Log.ErrorContext(ctx, "request failed", "request_id", id, "err", err.Error())
		h.report(ctx, err)
		if status == http.StatusInternalServerError {
			msg = "Something went wrong. Quote request id " + id + " to support."
		}
	} else {
		h.Log.DebugContext(ctx, "request refused", "status", status, "err", err.Error())
	}
	if e := errs.As(err); e != nil && e.RetryAfter > 0 && ctx.Err() == nil {
		httpx.HintsFrom(ctx).RetryAfter = strconv.Itoa(int(math.Ceil(e.RetryAfter.Seconds())))
	}
	body := oas.Error{Status: status, Message: msg}
	if code := errs.CodeOf(err); code != "" && ctx.Err() == nil {
		body.Code = oas.NewOptErrorCode(oas.ErrorCode(code))
	}
	for _, f := range fields {
		body.Errors = append(body.Errors, oas.FieldError{Field: f.Field, Message: f.Message})
	}
	return status, body
}

// classify is the one place that decides the status and the words of an error.
func classify(err error) (int, string, []errs.FieldError) {
	if e := errs.As(err); e != nil {
		msg := e.Message
		if msg == "" {
			msg = http.StatusText(e.Kind.Status())
		}
		return e.Kind.Status(), msg, e.Fields
	}
	var maxBytes *http.MaxBytesError
	if errors.As(err, &maxBytes) {
		return http.StatusRequestEntityTooLarge, fmt.Sprintf("The request body is larger than %d bytes", maxBytes.Limit), nil
	}
	if errors.Is(err, ogenerrors.ErrSecurityRequirementIsNotSatisfied) {
		return http.StatusUnauthorized, "Authentication required: log in and send Authorization: Bearer <token>", nil
	}
	if errors.Is(err, ht.ErrNotImplemented) {
		return http.StatusNotImplemented, "This operation is not available yet", nil
	}
	var param *ogenerrors.DecodeParamError
	if errors.As(err, &param) {
		return http.StatusUnprocessableEntity, "Validation error", []errs.FieldError{{Field: param.Name, Message: paramMessage(param)}}
	}
	var req *ogenerrors.DecodeRequestError
	if errors.As(err, &req) {
		return requestError(req.Err)
	}
	var ct *validate.InvalidContentTypeError
	if errors.As(err, &ct) {
		return http.StatusUnsupportedMediaType, "Send the body as application/json", nil
	}
	return http.StatusInternalServerError, "Something went wrong", nil
}

func requestError(err error) (int, string, []errs.FieldError) {
	var ct *validate.InvalidContentTypeError
	switch {
	case errors.Is(err, validate.ErrBodyRequired):
		return http.StatusBadRequest, "A request body is required", nil
	case errors.As(err, &ct):
		return http.StatusUnsupportedMediaType, fmt.Sprintf("The body must be application/json, not %s", ct.ContentType), nil
	}
	var v *validate.Error
	if errors.As(err, &v) {
		fields := make([]errs.FieldError, 0, len(v.Fields))
		for _, f := range v.Fields {
			fields = append(fields, errs.FieldError{Field: f.Name, Message: fieldMessage(f.Name, f.Error)})
		}
		return http.StatusUnprocessableEntity, "Validation error", fields
	}
	if m := decodeField.FindAllStringSubmatch(err.Error(), -1); len(m) > 0 {
		name := m[len(m)-1][1]
		return http.StatusUnprocessableEntity, "Validation error",
			[]errs.FieldError{{Field: name, Message: Label(name) + " has the wrong type"}}
	}
	return http.StatusBadRequest, "The request body is not valid JSON", nil
}

func fieldMessage(name string, err error) string {
	label := Label(name)
	var maxLen *validate.MaxLengthError
	var minLen *validate.MinLengthError
	switch {
	case errors.Is(err, validate.ErrFieldRequired):
		return label + " is required"
	case errors.As(err, &maxLen):
		return fmt.Sprintf("%s must be at most %d characters", label, maxLen.MaxLength)
	case errors.As(err, &minLen):
		return fmt.Sprintf("%s must be at least %d characters", label, minLen.MinLength)
	case strings.Contains(err.Error(), "invalid value"):
		return label + " is not one of the allowed values"
	}
	return label + " is not valid"
}

func paramMessage(p *ogenerrors.DecodeParamError) string {
	var v *validate.Error
	if errors.As(p.Err, &v) && len(v.Fields) > 0 {
		return fieldMessage(p.Name, v.Fields[0].Error)
	}
	msg := p.Err.Error()
	switch {
	case strings.Contains(msg, "field required"):
		return fmt.Sprintf("%s is required", p.Name)
	case strings.Contains(msg, "invalid value"), strings.Contains(msg, "invalid:"):
		return fmt.Sprintf("'%s' has a value that is not allowed", p.Name)
	}
	return fmt.Sprintf("'%s' has a value of the wrong type", p.Name)
}

// Label is the human label of an API field name: first_name → First name.
func Label(name string) string {
	s := strings.ReplaceAll(name, "_", " ")
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func (h *Handler) report(ctx context.Context, err error) {
	if h.Report != nil {
		h.Report(ctx, err)
	}
}
