package shared

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/iostreams"
)

func TestParseSlug(t *testing.T) {
	for _, s := range []string{"advances-and-escrow", "w9", "a", "2026-pay-runs", strings.Repeat("a", 100)} {
		if got, err := ParseSlug(s); err != nil || got != s {
			t.Errorf("ParseSlug(%q) = %q, %v", s, got, err)
		}
	}
	for _, s := range []string{"", "Advances-and-escrow", "advances--and-escrow", "-escrow", "escrow-", "advances_and_escrow",
		"advances and escrow", "../etc", "escrow?x=1", "écrou", strings.Repeat("a", 101)} {
		if _, err := ParseSlug(s); err == nil || !strings.Contains(err.Error(), "invalid help article slug") {
			t.Errorf("ParseSlug(%q): err = %v", s, err)
		}
	}
}

func TestMarkdownStyle(t *testing.T) {
	tests := []struct {
		name  string
		color bool
		env   string
		want  string
	}{
		{name: "no colour: the layout alone", env: "dracula", want: "notty"},
		{name: "colour, not a terminal file: dark", color: true, want: "dark"},
		{name: "GLAMOUR_STYLE", color: true, env: "light", want: "light"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("GLAMOUR_STYLE", tt.env)
			ios, _, _, _ := iostreams.Test()
			ios.SetStdoutTTY(true)
			ios.SetColorEnabled(tt.color)
			if got := MarkdownStyle(ios); got != tt.want {
				t.Errorf("MarkdownStyle = %q, want %q", got, tt.want)
			}
		})
	}
}

const article = `When a policy is approved, **75 %** of your commission is advanced and **25 %** is held in escrow.

## Releases

1. Month 10
2. Month 11

See [the pay calendar](https://example.com/pay).
`

func TestRenderMarkdown(t *testing.T) {
	ios, _, _, _ := iostreams.Test()
	ios.SetStdoutTTY(true)
	ios.SetWidth(60)
	got, err := RenderMarkdown(ios, article, "notty")
	if err != nil {
		t.Fatal(err)
	}
	want := `
  When a policy is approved, **75 %** of your commission
  is advanced and **25 %** is held in escrow.

  ## Releases

  1. Month 10
  2. Month 11

  See the pay calendar https://example.com/pay.

`
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("without colour (-want +got):\n%s", diff)
	}

	// In colour, styled and wrapped to the terminal, at most MaxWidth wide.
	ios.SetColorEnabled(true)
	ios.SetWidth(300)
	got, err = RenderMarkdown(ios, strings.Repeat("word ", 100), "dark")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(got, "\x1b[") {
		t.Errorf("no escape codes in colour: %q", got)
	}
	for _, l := range strings.Split(strings.TrimSpace(got), "\n") {
		if w := ansi.StringWidth(l); w > MaxWidth {
			t.Errorf("a line %d wide: %q", w, l)
		}
	}

	if _, err := RenderMarkdown(ios, article, "no-such-style"); err == nil || !strings.Contains(err.Error(), "rendering the article") {
		t.Errorf("an unknown style: %v", err)
	}
}
