package cmdutil

import (
	"errors"
	"iter"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/iostreams"
)

func TestFetchRows(t *testing.T) {
	all := func() iter.Seq2[int, error] {
		return func(yield func(int, error) bool) {
			for i := 1; i <= 5; i++ {
				if !yield(i, nil) {
					return
				}
			}
		}
	}
	page := func() ([]int, error) { return []int{1, 2, 3}, nil } // limit 2 + the extra row

	rows, more, err := FetchRows(Paging{Limit: 2, Page: 1}, all, page)
	if err != nil || !more || !cmp.Equal(rows, []int{1, 2}) {
		t.Errorf("one page: %v %v %v", rows, more, err)
	}
	rows, more, err = FetchRows(Paging{Limit: 3, Page: 1}, all, page)
	if err != nil || more || !cmp.Equal(rows, []int{1, 2, 3}) {
		t.Errorf("the last page: %v %v %v", rows, more, err)
	}
	rows, more, err = FetchRows(Paging{Limit: 2, Page: 1, All: true}, all, page)
	if err != nil || more || !cmp.Equal(rows, []int{1, 2, 3, 4, 5}) {
		t.Errorf("--all: %v %v %v", rows, more, err)
	}
	boom := errors.New("boom")
	failing := func() iter.Seq2[int, error] { return func(yield func(int, error) bool) { yield(0, boom) } }
	if _, _, err := FetchRows(Paging{Limit: 2, All: true}, failing, page); !errors.Is(err, boom) {
		t.Errorf("--all error: %v", err)
	}
}

func TestPagingValidateAndFooter(t *testing.T) {
	for _, tt := range []struct {
		args    []string
		wantErr string
	}{
		{args: []string{"--limit", "1000", "--page", "2"}},
		{args: []string{"--limit", "1001"}, wantErr: "--limit must be between 1 and 1000"},
		{args: []string{"--page", "0"}, wantErr: "--page must be 1 or more"},
		{args: []string{"--all", "--page", "1"}, wantErr: "--page and --all cannot be combined"},
	} {
		var p Paging
		cmd := &cobra.Command{RunE: func(cmd *cobra.Command, _ []string) error { return p.Validate(cmd) }}
		AddPagingFlags(cmd, &p)
		cmd.SetArgs(tt.args)
		cmd.SilenceUsage, cmd.SilenceErrors = true, true
		err := cmd.Execute()
		if (err == nil) != (tt.wantErr == "") || (err != nil && err.Error() != tt.wantErr) {
			t.Errorf("%v: err = %v, want %q", tt.args, err, tt.wantErr)
		}
	}

	ios, _, _, errOut := iostreams.Test()
	ios.SetStdoutTTY(true)
	Paging{Limit: 100, Page: 2}.PrintFooter(ios, 100, true)
	Paging{Limit: 100, Page: 1, All: true}.PrintFooter(ios, 250, false)
	want := "Showing 101–200; more on --page 3, or use --all\nShowing 1–250\n"
	if diff := cmp.Diff(want, errOut.String()); diff != "" {
		t.Errorf("footer (-want +got):\n%s", diff)
	}
}

func TestExportFlagsValidate(t *testing.T) {
	ios, _, _, _ := iostreams.Test()
	ios.SetStdoutTTY(true)
	for _, tt := range []struct {
		e       ExportFlags
		wantErr string
	}{
		{e: ExportFlags{Format: "csv"}},
		{e: ExportFlags{Format: "xlsx", Output: "x.xlsx"}},
		{e: ExportFlags{Format: "xlsx", Output: "-"}, wantErr: "refusing to write an XLSX file to the terminal"},
		{e: ExportFlags{Format: "pdf"}, wantErr: `invalid --format "pdf"`},
	} {
		err := tt.e.Validate(ios)
		if (err == nil) != (tt.wantErr == "") || (err != nil && !strings.Contains(err.Error(), tt.wantErr)) {
			t.Errorf("%+v: err = %v, want %q", tt.e, err, tt.wantErr)
		}
	}
}

func TestNestedSelection(t *testing.T) {
	cmd := &cobra.Command{RunE: func(*cobra.Command, []string) error { return nil }}
	e := AddFormatFlags(cmd, []string{"code", "level", "recruits"})
	cmd.SetArgs([]string{"--json=code,level,recruits"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if err := e.Validate(); err != nil {
		t.Fatal(err)
	}
	rec := Record{
		"code": "R", "extra": 1, "level": map[string]any{"code": "RMD", "rank": 6}, // a plain object is kept whole
		"recruits": Nested{
			{"code": "A", "extra": 2, "level": nil, "recruits": Nested(nil)},
			{"code": "B", "recruits": Nested{}},
		},
	}
	ios, _, out, _ := iostreams.Test()
	if err := e.Write(ios, rec); err != nil {
		t.Fatal(err)
	}
	want := `{
  "code": "R",
  "level": {
    "code": "RMD",
    "rank": 6
  },
  "recruits": [
    {
      "code": "A",
      "level": null,
      "recruits": null
    },
    {
      "code": "B",
      "level": null,
      "recruits": []
    }
  ]
}
`
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestParseCode(t *testing.T) {
	for in, want := range map[string]string{"agt100": "AGT100", " RMD100 ": "RMD100"} {
		if got, err := ParseCode(in); err != nil || got != want {
			t.Errorf("ParseCode(%q) = %q, %v", in, got, err)
		}
	}
	for _, in := range []string{"ab", "A-100", "12345678901234567", ""} {
		var fe *FlagError
		if _, err := ParseCode(in); !errors.As(err, &fe) {
			t.Errorf("ParseCode(%q) = %v, want a flag error", in, err)
		}
	}
}
