package api_test

import (
	"bytes"
	"context"
	"io"
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/files"
	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/servertest"
)

func TestAcknowledgementGate(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	tok := login(t, env, seed.DemoAgent)
	c := client(t, env, tok)

	// Until everything is acknowledged only the dashboard's own calls work.
	r := do(t, env, "GET", "/api/clients", tok, nil, nil)
	if r.Status != 403 || !strings.Contains(r.apiError(t).Message, "Acknowledge") {
		t.Fatalf("clients before acknowledging: %d %s", r.Status, r.Body)
	}
	for _, p := range []string{"/api/access", "/api/dashboard", "/api/dashboard/acknowledgements", "/api/dashboard/acknowledgements/memos/signed-url"} {
		if r := do(t, env, "GET", p, tok, nil, nil); r.Status != 200 {
			t.Errorf("%s before acknowledging: %d", p, r.Status)
		}
	}
	acks, err := c.ListAcknowledgements(ctx)
	if err != nil {
		t.Fatal(err)
	}
	memos, w9s := acks.Response.Memos, acks.Response.W9Documents
	if len(memos) == 0 || len(w9s) == 0 {
		t.Fatalf("the demo agent must have memos and W-9s to acknowledge: %d, %d", len(memos), len(w9s))
	}
	if !strings.HasPrefix(w9s[0].TinMasked, "***-**-") && !strings.HasPrefix(w9s[0].TinMasked, "**-***") {
		t.Errorf("TIN not masked: %q", w9s[0].TinMasked)
	}
	var signed oas.Memo
	for _, m := range memos {
		if m.RequiresSignature {
			signed = m
		}
	}
	ack := func(kind, id, body string) reply {
		return do(t, env, "PUT", "/api/dashboard/acknowledgements/"+kind+"/"+id, tok, body, header{"User-Agent": "gate-test/1.0"})
	}
	id := func(n int64) string { return strconv.FormatInt(n, 10) }

	// A memo that needs a signature refuses an acknowledgement without one.
	r = ack("memos", id(signed.ID), `{}`)
	if r.Status != 422 || r.apiError(t).Errors[0].Field != "signature" {
		t.Fatalf("unsigned: %d %s", r.Status, r.Body)
	}
	// A signature that was reserved but never uploaded, or belongs to someone else.
	var su oas.SignedURL
	do(t, env, "GET", "/api/dashboard/acknowledgements/memos/signed-url", tok, nil, nil).json(t, &su)
	if r := ack("memos", id(signed.ID), `{"signature":"`+su.ID+`"}`); r.Status != 422 {
		t.Errorf("not uploaded: %d %s", r.Status, r.Body)
	}
	other := login(t, env, seed.DemoRMD)
	foreign := uploadSignature(t, env, other, "memos")
	if r := ack("memos", id(signed.ID), `{"signature":"`+foreign+`"}`); r.Status != 422 {
		t.Errorf("someone else's signature: %d %s", r.Status, r.Body)
	}
	// Draft memos and other people's W-9s are not there.
	if r := ack("memos", "3", `{}`); r.Status != 404 {
		t.Errorf("draft memo: %d", r.Status)
	}
	var rmdW9 int64
	if err := env.Pool.QueryRow(ctx, `SELECT w.id FROM w9_documents w JOIN associates a ON a.id = w.associate_id WHERE a.code = $1`, seed.DemoRMDCode).Scan(&rmdW9); err != nil {
		t.Fatal(err)
	}
	if r := ack("w9_documents", id(rmdW9), `{}`); r.Status != 404 {
		t.Errorf("another associate's W-9: %d", r.Status)
	}

	sig := uploadSignature(t, env, tok, "memos")
	r = ack("memos", id(signed.ID), `{"signature":"`+sig+`"}`)
	if r.Status != 200 {
		t.Fatalf("signed acknowledgement: %d %s", r.Status, r.Body)
	}
	// The same acknowledgement again (a retry after a lost answer) answers as the first did;
	// another signature for it is a conflict.
	first := r
	if again := ack("memos", id(signed.ID), `{"signature":"`+sig+`"}`); again.Status != 200 || !bytes.Equal(again.Body, first.Body) {
		t.Errorf("the same acknowledgement twice: %d %s, first %s", again.Status, again.Body, first.Body)
	}
	if r := ack("memos", id(signed.ID), `{"signature":"`+uploadSignature(t, env, tok, "memos")+`"}`); r.Status != 409 {
		t.Errorf("another signature for an acknowledged memo: %d", r.Status)
	}
	var ip, ua, file string
	var hashLen int
	err = env.Pool.QueryRow(ctx, `SELECT host(ip), user_agent, signature_file_id, length(content_sha256) FROM memo_acknowledgements ma
		JOIN associates a ON a.id = ma.associate_id WHERE a.code = $1 AND memo_id = $2`, seed.DemoAgtCode, signed.ID).Scan(&ip, &ua, &file, &hashLen)
	if err != nil {
		t.Fatal(err)
	}
	if ip != "127.0.0.1" || ua != "gate-test/1.0" || file != sig || hashLen != 32 {
		t.Errorf("stored acknowledgement: ip %q ua %q file %q hash %d bytes", ip, ua, file, hashLen)
	}
	// Still gated while anything is left.
	if r := do(t, env, "GET", "/api/clients", tok, nil, nil); r.Status != 403 {
		t.Errorf("clients with items left: %d", r.Status)
	}
	acknowledgeAll(t, env, tok)
	after, err := c.ListAcknowledgements(ctx)
	if err != nil || len(after.Response.Memos)+len(after.Response.W9Documents) != 0 {
		t.Fatalf("after acknowledging all: %+v %v", after, err)
	}
	if r := do(t, env, "GET", "/api/clients", tok, nil, nil); r.Status != 200 {
		t.Errorf("clients after acknowledging: %d %s", r.Status, r.Body)
	}
	// A new memo closes the gate again.
	if _, err := env.Pool.Exec(ctx, `INSERT INTO memos (title, body, status, published_at) VALUES ('New', 'Read me', 'Published', now())`); err != nil {
		t.Fatal(err)
	}
	if r := do(t, env, "GET", "/api/clients", tok, nil, nil); r.Status != 403 {
		t.Errorf("clients after a new memo: %d", r.Status)
	}
}

func TestFileHostUploads(t *testing.T) {
	env := servertest.Start(t)
	tok := login(t, env, seed.DemoAgent)
	signedURL := func() oas.SignedURL {
		var su oas.SignedURL
		do(t, env, "GET", "/api/dashboard/acknowledgements/memos/signed-url", tok, nil, nil).json(t, &su)
		return su
	}
	cases := []struct {
		name   string
		body   string
		status int
	}{
		{"png is not a signature", "\x89PNG\r\n\x1a\n0000", 422},
		{"text", "hello, world", 422},
		{"empty", "", 422},
		{"html", "<html><body>hi</body></html>", 422},
		{"doctype entity", `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>`, 422},
		{"broken svg", `<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0"></svg>`, 422},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			su := signedURL()
			r := do(t, env, "PUT", su.URL, "", tc.body, header{"Content-Type": "image/svg+xml"})
			if r.Status != tc.status {
				t.Fatalf("status %d, want %d: %s", r.Status, tc.status, r.Body)
			}
			r.apiError(t)
		})
	}
	t.Run("sanitised", func(t *testing.T) {
		su := signedURL()
		evil := `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><path d="M0 0L9 9" onclick="x()" style="fill:url(javascript:1)"/><foreignObject><div/></foreignObject></svg>`
		r := do(t, env, "PUT", su.URL, "", evil, header{"Content-Type": "image/svg+xml"})
		if r.Status != 200 {
			t.Fatalf("%d %s", r.Status, r.Body)
		}
		matches, _ := filepath.Glob(filepath.Join(filesDir(t, env), "*", su.ID))
		if len(matches) != 1 {
			t.Fatalf("stored file not found")
		}
		stored, err := os.ReadFile(matches[0])
		if err != nil {
			t.Fatal(err)
		}
		for _, bad := range []string{"script", "onload", "onclick", "foreignObject", "javascript", "style"} {
			if strings.Contains(string(stored), bad) {
				t.Errorf("stored SVG still holds %q: %s", bad, stored)
			}
		}
		if !strings.Contains(string(stored), `d="M0 0L9 9"`) {
			t.Errorf("the drawing was lost: %s", stored)
		}
		// A link works once.
		if r := do(t, env, "PUT", su.URL, "", signatureSVG, nil); r.Status != 409 {
			t.Errorf("second upload: %d", r.Status)
		}
	})
	t.Run("tampered and expired links", func(t *testing.T) {
		su := signedURL()
		tampered := strings.Replace(su.URL, "signature=", "signature=0", 1)
		if r := do(t, env, "PUT", tampered, "", signatureSVG, nil); r.Status != 403 {
			t.Errorf("tampered: %d", r.Status)
		}
		expired := env.Handler.Signer.URL("PUT", su.ID, -time.Minute)
		if r := do(t, env, "PUT", expired, "", signatureSVG, nil); r.Status != 403 || !strings.Contains(r.apiError(t).Message, "expired") {
			t.Errorf("expired: %d %s", r.Status, r.Body)
		}
		if r := do(t, env, "PUT", "/api/files/"+su.ID, "", signatureSVG, nil); r.Status != 422 {
			t.Errorf("unsigned: %d %s", r.Status, r.Body)
		}
	})
	t.Run("too large", func(t *testing.T) {
		su := signedURL()
		big := `<svg xmlns="http://www.w3.org/2000/svg"><desc>` + strings.Repeat("a", 11<<20) + `</desc></svg>`
		if r := do(t, env, "PUT", su.URL, "", big, nil); r.Status != 413 {
			t.Errorf("oversize: %d %.200s", r.Status, r.Body)
		}
	})
}

// filesDir is where a test server stores files.
func filesDir(t testing.TB, env *servertest.Env) string {
	t.Helper()
	d, ok := env.Handler.Files.(files.Disk)
	if !ok {
		t.Fatal("storage is not a Disk")
	}
	return d.Dir
}

// Memos come first, and a signature file signs one acknowledgement; retries of an
// acknowledgement keep answering as the first try did.
func TestAcknowledgementOrderAndSignatureUse(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	tok := login(t, env, seed.DemoAgent)
	acks, err := client(t, env, tok).ListAcknowledgements(ctx)
	if err != nil {
		t.Fatal(err)
	}
	memos, w9s := acks.Response.Memos, acks.Response.W9Documents
	if len(memos) < 2 || len(w9s) == 0 || !w9s[0].RequiresSignature {
		t.Fatalf("the demo agent must have two memos and a signed W-9 to acknowledge: %d, %+v", len(memos), w9s)
	}
	ack := func(kind string, id int64, sig string) reply {
		body := `{}`
		if sig != "" {
			body = `{"signature":"` + sig + `"}`
		}
		return do(t, env, "PUT", "/api/dashboard/acknowledgements/"+kind+"/"+strconv.FormatInt(id, 10), tok, body, nil)
	}
	signatureRefused := func(r reply, what string) {
		t.Helper()
		if r.Status != 422 {
			t.Fatalf("%s: %d %s, want 422", what, r.Status, r.Body)
		}
		if e := r.apiError(t); len(e.Errors) != 1 || e.Errors[0].Field != "signature" || !strings.Contains(e.Errors[0].Message, "already used") {
			t.Fatalf("%s: %s", what, r.Body)
		}
	}
	w9 := w9s[0].ID

	// A W-9 while a memo waits: 409, memos first.
	r := ack("w9_documents", w9, uploadSignature(t, env, tok, "w9_documents"))
	if r.Status != 409 || !strings.Contains(r.apiError(t).Message, "Memos come first") {
		t.Fatalf("W-9 before the memos: %d %s", r.Status, r.Body)
	}

	// One signature file for two memos: the second is refused on the signature field.
	sig := uploadSignature(t, env, tok, "memos")
	first := ack("memos", memos[0].ID, sig)
	if first.Status != 200 {
		t.Fatalf("first memo: %d %s", first.Status, first.Body)
	}
	signatureRefused(ack("memos", memos[1].ID, sig), "the same signature for a second memo")
	// The retry of the first acknowledgement still answers as it did.
	if again := ack("memos", memos[0].ID, sig); again.Status != 200 || !bytes.Equal(again.Body, first.Body) {
		t.Fatalf("retry of the first memo: %d %s, first %s", again.Status, again.Body, first.Body)
	}
	for _, m := range memos[1:] {
		s := ""
		if m.RequiresSignature {
			s = uploadSignature(t, env, tok, "memos")
		}
		if r := ack("memos", m.ID, s); r.Status != 200 {
			t.Fatalf("memo %d: %d %s", m.ID, r.Status, r.Body)
		}
	}

	// Memos done: the W-9 is taken, but not with a signature already used.
	signatureRefused(ack("w9_documents", w9, sig), "a memo's signature for the W-9")
	w9Sig := uploadSignature(t, env, tok, "w9_documents")
	w9First := ack("w9_documents", w9, w9Sig)
	if w9First.Status != 200 {
		t.Fatalf("W-9 after the memos: %d %s", w9First.Status, w9First.Body)
	}

	// New memos acknowledged at once with one signature file: one takes it.
	ids := make([]int64, 6)
	for i := range ids {
		if err := env.Pool.QueryRow(ctx, `INSERT INTO memos (title, body, status, published_at, requires_signature)
			VALUES ('Race', 'Sign me', 'Published', now(), true) RETURNING id`).Scan(&ids[i]); err != nil {
			t.Fatal(err)
		}
	}
	shared := uploadSignature(t, env, tok, "memos")
	raced := make([]reply, len(ids))
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			raced[i] = ackRaw(env, tok, "memos", id, shared)
		}()
	}
	close(start)
	wg.Wait()
	statuses := map[int]int{}
	for _, r := range raced {
		statuses[r.Status]++
	}
	if want := map[int]int{200: 1, 422: len(ids) - 1}; !maps.Equal(statuses, want) {
		t.Fatalf("%d memos racing with one signature: %v, want %v", len(ids), statuses, want)
	}
	// A memo waits again, but the W-9 acknowledged before it still answers its retry.
	if again := ack("w9_documents", w9, w9Sig); again.Status != 200 || !bytes.Equal(again.Body, w9First.Body) {
		t.Fatalf("retry of the W-9 with a memo pending: %d %s, first %s", again.Status, again.Body, w9First.Body)
	}
}

// ackRaw is an acknowledgement PUT that reports failures in its reply (Status 0) rather
// than failing the test: it runs in goroutines.
func ackRaw(env *servertest.Env, token, kind string, id int64, sig string) reply {
	req, err := http.NewRequest("PUT", env.URL+"/api/dashboard/acknowledgements/"+kind+"/"+strconv.FormatInt(id, 10),
		strings.NewReader(`{"signature":"`+sig+`"}`))
	if err != nil {
		return reply{Body: []byte(err.Error())}
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return reply{Body: []byte(err.Error())}
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return reply{Status: res.StatusCode, Header: res.Header, Body: b}
}
