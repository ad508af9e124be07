package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/ogen-go/ogen/ogenerrors"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/servertest"
	"github.com/associateportal/portal/server/testdb"
)

func TestMain(m *testing.M) { testdb.Main(m) }

// creds is a security source for the ogen client.
type creds struct{ token, actAs string }

func (c creds) BearerAuth(context.Context, oas.OperationName) (oas.BearerAuth, error) {
	if c.token == "" {
		return oas.BearerAuth{}, ogenerrors.ErrSkipClientSecurity
	}
	return oas.BearerAuth{Token: c.token}, nil
}

func (c creds) AccessToken(context.Context, oas.OperationName) (oas.AccessToken, error) {
	if c.actAs == "" {
		return oas.AccessToken{}, ogenerrors.ErrSkipClientSecurity
	}
	return oas.AccessToken{APIKey: c.actAs}, nil
}

// client is the generated client: every answer it decodes is checked against the contract.
func client(t testing.TB, env *servertest.Env, token string) *oas.Client {
	t.Helper()
	c, err := oas.NewClient(env.URL+"/api", creds{token: token})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func login(t testing.TB, env *servertest.Env, who string) string {
	t.Helper()
	res, err := client(t, env, "").Login(context.Background(), &oas.LoginRequest{Login: who, Password: seed.DemoPassword})
	if err != nil {
		t.Fatalf("login %s: %v", who, err)
	}
	return res.Token
}

// reply is a raw HTTP answer.
type reply struct {
	Status int
	Header http.Header
	Body   []byte
}

// apiError decodes the contract's Error body and fails when the body is not one.
func (r reply) apiError(t testing.TB) oas.Error {
	t.Helper()
	var e oas.Error
	if err := e.UnmarshalJSON(r.Body); err != nil {
		t.Fatalf("status %d: body is not an Error: %v: %s", r.Status, err, r.Body)
	}
	if e.Status != r.Status {
		t.Fatalf("Error.status %d differs from the HTTP status %d", e.Status, r.Status)
	}
	if e.Message == "" {
		t.Fatalf("Error without a message: %s", r.Body)
	}
	return e
}

func (r reply) json(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("status %d: %v: %s", r.Status, err, r.Body)
	}
}

type header map[string]string

// do sends a raw request; path is relative to the server root ("/api/...").
func do(t testing.TB, env *servertest.Env, method, path, token string, body any, h header) reply {
	t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, env.URL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for k, v := range h {
		req.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return reply{Status: res.StatusCode, Header: res.Header, Body: b}
}

const signatureSVG = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><path d="M10 80 C 40 10, 65 10, 95 80 S 150 150, 180 80" stroke="black" fill="none"/></svg>`

// uploadSignature gets a signed URL and PUTs an SVG to it; it answers the file id.
func uploadSignature(t testing.TB, env *servertest.Env, token, kind string) string {
	t.Helper()
	var su oas.SignedURL
	r := do(t, env, "GET", "/api/dashboard/acknowledgements/"+kind+"/signed-url", token, nil, nil)
	if r.Status != 200 {
		t.Fatalf("signed-url: %d %s", r.Status, r.Body)
	}
	r.json(t, &su)
	up := do(t, env, "PUT", su.URL, "", signatureSVG, header{"Content-Type": "image/svg+xml"})
	if up.Status != 200 {
		t.Fatalf("upload: %d %s", up.Status, up.Body)
	}
	return su.ID
}

// acknowledgeAll clears the gate of an associate, signing where required.
func acknowledgeAll(t testing.TB, env *servertest.Env, token string) {
	t.Helper()
	ctx := context.Background()
	c := client(t, env, token)
	acks, err := c.ListAcknowledgements(ctx)
	if err != nil {
		t.Fatal(err)
	}
	ack := func(kind oas.AcknowledgementKind, id int64, signed bool) {
		req := &oas.AcknowledgeRequest{}
		if signed {
			req.Signature = oas.NewOptString(uploadSignature(t, env, token, string(kind)))
		}
		if _, err := c.Acknowledge(ctx, req, oas.AcknowledgeParams{Kind: kind, ID: id}); err != nil {
			t.Fatalf("acknowledge %s %d: %v", kind, id, err)
		}
	}
	for _, m := range acks.Response.Memos {
		ack(oas.AcknowledgementKindMemos, m.ID, m.RequiresSignature)
	}
	for _, w := range acks.Response.W9Documents {
		ack(oas.AcknowledgementKindW9Documents, w.ID, w.RequiresSignature)
	}
}

// ready logs in and acknowledges everything.
func ready(t testing.TB, env *servertest.Env, who string) string {
	t.Helper()
	tok := login(t, env, who)
	acknowledgeAll(t, env, tok)
	return tok
}

// statusOf is the HTTP status of an ogen client error (200 for nil).
func statusOf(err error) int {
	if err == nil {
		return 200
	}
	var e *oas.ErrorStatusCode
	if errors.As(err, &e) {
		return e.StatusCode
	}
	return -1
}

func mustDate(s string) time.Time {
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return d
}

// generatedName is ogen's name of an operation (its OperationName constant) from the
// contract's operationId: listCashflow → ListCashflow.
func generatedName(operationID string) string {
	return strings.ToUpper(operationID[:1]) + operationID[1:]
}

// asError finds the contract's Error answer in an ogen client error.
func asError(err error, e **oas.ErrorStatusCode) bool { return errors.As(err, e) }
