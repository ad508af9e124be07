package cancel

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
)

func TestNewCmdCancel(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		tty      bool
		stdinTTY bool
		wantYes  bool
		wantErr  string
	}{
		{name: "yes when piped", args: []string{"regional-kickoff-dallas", "--yes"}, wantYes: true},
		{name: "short flag", args: []string{"-y", "regional-kickoff-dallas"}, wantYes: true},
		{name: "confirm on a terminal", args: []string{"regional-kickoff-dallas"}, tty: true, stdinTTY: true},
		{name: "piped without yes", args: []string{"regional-kickoff-dallas"}, wantErr: "--yes is required when not running interactively"},
		{name: "stdin not a terminal: never asked", args: []string{"regional-kickoff-dallas"}, tty: true,
			wantErr: "--yes is required when not running interactively"},
		{name: "no slug", args: []string{"--yes"}, wantErr: "cancel takes one event slug, got 0 arguments"},
		{name: "a bad slug, before --yes is asked for", args: []string{"Kickoff!"}, wantErr: `invalid event slug "Kickoff!"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			ios.SetStdinTTY(tt.stdinTTY)
			ios.SetStdoutTTY(tt.tty)
			got := cmdtest.Parse(t, ios, NewCmdCancel, tt.args, tt.wantErr)
			if got == nil {
				return
			}
			if got.Slug != "regional-kickoff-dallas" || got.Yes != tt.wantYes {
				t.Errorf("got slug %q yes %v, want yes %v", got.Slug, got.Yes, tt.wantYes)
			}
		})
	}
}

// confirm is a Prompter that answers every confirmation with ok, and records the question.
type confirm struct {
	cmdtest.Answer
	ok    bool
	asked []string
}

func (c *confirm) ConfirmWord(prompt, _ string) (bool, error) {
	c.asked = append(c.asked, prompt)
	return c.ok, nil
}

const eventJSON = `{"id":1,"slug":"%s","title":"Regional Kickoff — Dallas","summary":"S","state":"Open",` +
	`"registration":"Open for registration","starts_at":"2026-11-07T15:00:00Z","ends_at":"2026-11-07T23:00:00Z",` +
	`"time_zone":"America/Chicago","online":false,"capacity":300,"registered":120,"seats_left":180,` +
	`"description_html":"","image_urls":[]%s}`

func TestCancelRun(t *testing.T) {
	var deleted []string
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		slug := strings.Split(strings.TrimPrefix(r.URL.Path, "/api/events/"), "/")[0]
		mine := `,"my_registration":{"status":"Registered","registered_at":"2026-10-30T03:00:00Z","ticket":"12.x"}`
		switch {
		case slug == "no-such-event":
			w.WriteHeader(http.StatusNotFound)
			_, _ = w.Write([]byte(`{"status":404,"message":"Event not found"}`))
		case r.Method == http.MethodGet && slug == "not-mine":
			_, _ = fmt.Fprintf(w, eventJSON, slug, "")
		case r.Method == http.MethodGet:
			_, _ = fmt.Fprintf(w, eventJSON, slug, mine)
		case r.Method == http.MethodDelete && slug == "not-mine":
			w.WriteHeader(http.StatusNotFound)
			_, _ = w.Write([]byte(`{"status":404,"message":"You are not registered for this event"}`))
		case r.Method == http.MethodDelete && slug == "started":
			w.WriteHeader(http.StatusConflict)
			_, _ = w.Write([]byte(`{"status":409,"message":"This event has started: the registration cannot be cancelled"}`))
		case r.Method == http.MethodDelete:
			deleted = append(deleted, slug)
			w.WriteHeader(http.StatusNoContent)
		}
	}))
	t.Cleanup(ts.Close)
	run := func(slug string, yes, tty bool, p *confirm) (string, error) {
		ios, _, out, _ := iostreams.Test()
		ios.SetStdoutTTY(tty)
		ios.SetStdinTTY(tty)
		opts := &Options{IO: ios, Prompter: p, Slug: slug, Yes: yes, Client: func() (*sdk.Client, error) {
			return sdk.New(ts.URL, sdk.WithToken("t"), sdk.WithRetryPolicy(sdk.RetryPolicy{}))
		}}
		err := cancelRun(context.Background(), opts)
		return out.String(), err
	}

	// On a terminal, asked first: yes cancels, anything else does not (exit 2).
	p := &confirm{ok: true}
	if out, err := run("regional-kickoff-dallas", false, true, p); err != nil || out != "✓ Cancelled your registration for Regional Kickoff — Dallas\n" {
		t.Errorf("confirmed: %q, %v", out, err)
	}
	if len(p.asked) != 1 || p.asked[0] != "Cancel your registration for Regional Kickoff — Dallas (Sat 11/07/2026 09:00 CST)? Type yes to confirm: " {
		t.Errorf("asked %q", p.asked)
	}
	p = &confirm{ok: false}
	if _, err := run("kept", false, true, p); !errors.Is(err, cmdutil.ErrCancel) || cmdutil.ExitCode(err) != cmdutil.ExitCancel {
		t.Errorf("declined: %v", err)
	}
	// --yes: not asked, nothing printed when piped.
	p = &confirm{}
	if out, err := run("field-training", true, false, p); err != nil || out != "" || len(p.asked) != 0 {
		t.Errorf("--yes: %q, %v, asked %q", out, err, p.asked)
	}
	if want := []string{"regional-kickoff-dallas", "field-training"}; strings.Join(deleted, " ") != strings.Join(want, " ") {
		t.Errorf("deleted %v, want %v", deleted, want)
	}

	// Not registered: not asked; the 404 says so. No such event, a started one.
	for slug, want := range map[string]string{
		"not-mine":      `You are not registered for "not-mine" (HTTP 404)`,
		"no-such-event": `Event "no-such-event" not found (HTTP 404)`,
		"started":       "This event has started: the registration cannot be cancelled (HTTP 409)",
	} {
		p := &confirm{ok: true}
		_, err := run(slug, slug == "started", true, p)
		if cmdutil.Message(err) != want || cmdutil.ExitCode(err) != cmdutil.ExitError {
			t.Errorf("%s: %q, want %q", slug, cmdutil.Message(err), want)
		}
		if slug != "started" && len(p.asked) != 0 {
			t.Errorf("%s: asked %q", slug, p.asked)
		}
	}
}
