package api_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/files"
	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/servertest"
	"github.com/associateportal/portal/server/store"
)

// signatureURL reserves a signature file and answers its signed PUT URL.
func signatureURL(t *testing.T, env *servertest.Env, tok string) oas.SignedURL {
	t.Helper()
	var su oas.SignedURL
	r := do(t, env, "GET", "/api/dashboard/acknowledgements/memos/signed-url", tok, nil, nil)
	if r.Status != 200 {
		t.Fatalf("signed-url: %d %s", r.Status, r.Body)
	}
	r.json(t, &su)
	return su
}

// documentURL reserves a file of another purpose (no contract call issues one yet) and signs
// its PUT URL as the server does.
func documentURL(t *testing.T, env *servertest.Env) oas.SignedURL {
	t.Helper()
	id := files.NewID()
	if err := env.Store.CreateFile(context.Background(), store.File{ID: id, Purpose: "document"}); err != nil {
		t.Fatal(err)
	}
	return oas.SignedURL{ID: id, URL: env.Handler.Signer.URL("PUT", id, time.Minute)}
}

func storedAnswer(t *testing.T, r reply) oas.StoredFile {
	t.Helper()
	if r.Status != 200 {
		t.Fatalf("upload: %d %s", r.Status, r.Body)
	}
	var f oas.StoredFile
	r.json(t, &f)
	return f
}

// storedFiles lists what the disk holds for id, and any temporary file left beside it.
func storedFiles(t *testing.T, env *servertest.Env, id string) (content []string, temps []string) {
	t.Helper()
	dir := filesDir(t, env)
	matches, err := filepath.Glob(filepath.Join(dir, "*", id))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range matches {
		b, err := os.ReadFile(m)
		if err != nil {
			t.Fatal(err)
		}
		content = append(content, string(b))
	}
	temps, err = filepath.Glob(filepath.Join(dir, "*", ".upload-*"))
	if err != nil {
		t.Fatal(err)
	}
	return content, temps
}

func TestUploadRetryOfTheSameBytes(t *testing.T) {
	env := servertest.Start(t)
	tok := login(t, env, seed.DemoAgent)
	// The signature is sanitised before it is stored: a retry is recognised by the bytes sent.
	dirty := `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><path d="M0 0L9 9"/></svg>`
	csv := "id,name\n1,Ann\n"

	cases := []struct {
		name    string
		url     func(t *testing.T) oas.SignedURL
		body    string
		other   string
		wantCT  string
		wantRaw bool // the disk holds the bytes as sent
	}{
		{"signature", func(t *testing.T) oas.SignedURL { return signatureURL(t, env, tok) }, dirty, signatureSVG, files.TypeSVG, false},
		{"sanitised signature sent as is", func(t *testing.T) oas.SignedURL { return signatureURL(t, env, tok) }, signatureSVG, dirty, files.TypeSVG, false},
		{"document", func(t *testing.T) oas.SignedURL { return documentURL(t, env) }, csv, "id,name\n2,Bob\n", files.TypeCSV, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			su := tc.url(t)
			first := storedAnswer(t, do(t, env, "PUT", su.URL, "", tc.body, nil))
			if first.ID != su.ID || first.ContentType != tc.wantCT || first.Size <= 0 {
				t.Fatalf("first answer %+v", first)
			}
			content, _ := storedFiles(t, env, su.ID)
			if len(content) != 1 || int64(len(content[0])) != first.Size {
				t.Fatalf("stored after the first PUT: %q, answer %+v", content, first)
			}
			if tc.wantRaw && content[0] != tc.body {
				t.Errorf("stored %q, want the bytes sent", content[0])
			}
			if !tc.wantRaw && strings.Contains(content[0], "onload") {
				t.Errorf("stored signature was not sanitised: %s", content[0])
			}

			// The answer was lost: the same bytes again answer the same file, twice over.
			for i := range 2 {
				again := storedAnswer(t, do(t, env, "PUT", su.URL, "", tc.body, nil))
				if diff := cmp.Diff(first, again); diff != "" {
					t.Errorf("retry %d answer (-first +retry):\n%s", i+1, diff)
				}
			}
			// Other bytes: the link is used.
			r := do(t, env, "PUT", su.URL, "", tc.other, nil)
			if r.Status != 409 {
				t.Fatalf("other bytes: %d %s", r.Status, r.Body)
			}
			if e := r.apiError(t); e.Message != "This upload link was already used" {
				t.Errorf("other bytes: message %q", e.Message)
			}
			// Empty and invalid content are other bytes too: still a conflict, not a 422.
			for _, body := range []string{"", "not a file"} {
				if r := do(t, env, "PUT", su.URL, "", body, nil); r.Status != 409 {
					t.Errorf("%q to a used link: %d %s", body, r.Status, r.Body)
				}
			}
			after, temps := storedFiles(t, env, su.ID)
			if diff := cmp.Diff(content, after); diff != "" {
				t.Errorf("stored content changed (-before +after):\n%s", diff)
			}
			if len(temps) != 0 {
				t.Errorf("temporary files left: %v", temps)
			}
			// The stored file is still served.
			get := do(t, env, "GET", env.Handler.Signer.URL("GET", su.ID, time.Minute), "", nil, nil)
			if get.Status != 200 || string(get.Body) != content[0] {
				t.Errorf("download: %d %q, want %q", get.Status, get.Body, content[0])
			}
		})
	}

	t.Run("a refused upload leaves the link unused", func(t *testing.T) {
		su := signatureURL(t, env, tok)
		if r := do(t, env, "PUT", su.URL, "", "hello, world", nil); r.Status != 422 {
			t.Fatalf("text as a signature: %d %s", r.Status, r.Body)
		}
		storedAnswer(t, do(t, env, "PUT", su.URL, "", signatureSVG, nil))
	})

	t.Run("the retry of an expired link is refused", func(t *testing.T) {
		su := signatureURL(t, env, tok)
		storedAnswer(t, do(t, env, "PUT", su.URL, "", signatureSVG, nil))
		expired := env.Handler.Signer.URL("PUT", su.ID, -time.Minute)
		if r := do(t, env, "PUT", expired, "", signatureSVG, nil); r.Status != 403 {
			t.Errorf("expired retry: %d %s", r.Status, r.Body)
		}
	})

	t.Run("an export is never an upload", func(t *testing.T) {
		var d oas.Download
		r := do(t, env, "GET", "/api/clients/download?format=csv", ready(t, env, seed.DemoAgent), nil, nil)
		if r.Status != 200 {
			t.Fatalf("download: %d %s", r.Status, r.Body)
		}
		r.json(t, &d)
		id, _, _ := strings.Cut(strings.TrimPrefix(strings.SplitN(d.URL, "?", 2)[0], "/api/files/"), ".")
		put := env.Handler.Signer.URL("PUT", id, time.Minute)
		if r := do(t, env, "PUT", put, "", "id,name\n1,Ann\n", nil); r.Status != 409 {
			t.Errorf("PUT to an export: %d %s", r.Status, r.Body)
		}
	})
}

// Tries racing on one link: the same bytes all succeed with one answer and one stored file;
// different bytes leave exactly one winner, whose content is the one stored.
func TestUploadRaces(t *testing.T) {
	env := servertest.Start(t)
	tok := login(t, env, seed.DemoAgent)
	const tries = 6

	race := func(url string, bodies []string) []reply {
		var wg sync.WaitGroup
		start := make(chan struct{})
		replies := make([]reply, len(bodies))
		for i, body := range bodies {
			wg.Go(func() {
				<-start
				replies[i] = do(t, env, "PUT", url, "", body, nil)
			})
		}
		close(start)
		wg.Wait()
		return replies
	}

	for round := range 3 {
		t.Run(fmt.Sprintf("same bytes %d", round), func(t *testing.T) {
			su := signatureURL(t, env, tok)
			bodies := make([]string, tries)
			for i := range bodies {
				bodies[i] = signatureSVG
			}
			replies := race(su.URL, bodies)
			first := storedAnswer(t, replies[0])
			for i, r := range replies[1:] {
				if diff := cmp.Diff(first, storedAnswer(t, r)); diff != "" {
					t.Errorf("try %d (-first +this):\n%s", i+1, diff)
				}
			}
			content, temps := storedFiles(t, env, su.ID)
			if len(content) != 1 || int64(len(content[0])) != first.Size || len(temps) != 0 {
				t.Errorf("stored %q (temporary %v), answer %+v", content, temps, first)
			}
			var rows int
			if err := env.Pool.QueryRow(context.Background(), `SELECT count(*) FROM files WHERE id = $1 AND uploaded_at IS NOT NULL`, su.ID).Scan(&rows); err != nil || rows != 1 {
				t.Errorf("uploaded rows: %d %v", rows, err)
			}
		})
	}

	t.Run("different bytes", func(t *testing.T) {
		su := documentURL(t, env)
		bodies := make([]string, tries)
		for i := range bodies {
			bodies[i] = fmt.Sprintf("id,name\n%d,Try %d\n", i, i)
		}
		replies := race(su.URL, bodies)
		winner := -1
		for i, r := range replies {
			switch r.Status {
			case 200:
				if winner >= 0 {
					t.Fatalf("tries %d and %d both won", winner, i)
				}
				winner = i
			case 409:
				r.apiError(t)
			default:
				t.Fatalf("try %d: %d %s", i, r.Status, r.Body)
			}
		}
		if winner < 0 {
			t.Fatal("no try won")
		}
		content, _ := storedFiles(t, env, su.ID)
		if diff := cmp.Diff([]string{bodies[winner]}, content); diff != "" {
			t.Errorf("stored content (-winner +stored):\n%s", diff)
		}
		// The winner may retry; the losers still may not.
		storedAnswer(t, do(t, env, "PUT", su.URL, "", bodies[winner], nil))
		if r := do(t, env, "PUT", su.URL, "", bodies[(winner+1)%tries], nil); r.Status != 409 {
			t.Errorf("a loser's retry: %d", r.Status)
		}
	})
}
