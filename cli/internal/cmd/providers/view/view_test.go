package view

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/cli/internal/cmdtest"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

func TestNewCmdView(t *testing.T) {
	tests := []struct {
		name        string
		args        []string
		wantID      int64
		wantSection string
		wantErr     string
	}{
		{name: "the whole provider", args: []string{"3"}, wantID: 3},
		{name: "its contacts, with their fields", args: []string{"3", "--contacts", "--json=name,role"}, wantID: 3, wantSection: "contacts"},
		{name: "an ordered list", args: []string{"3", "--attachments", "--json=title,size"}, wantID: 3, wantSection: "attachments"},
		{name: "one list at a time", args: []string{"3", "--videos", "--links"}, wantErr: "none of the others can be"},
		{name: "the fields of what is shown", args: []string{"3", "--videos", "--json=role"}, wantErr: `unknown JSON field "role"`},
		{name: "the overview's fields", args: []string{"3", "--json=title"}, wantErr: `unknown JSON field "title"`},
		{name: "no id", args: nil, wantErr: "takes one provider ID"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, _, _ := iostreams.Test()
			got := cmdtest.Parse(t, ios, NewCmdView, tt.args, tt.wantErr)
			if got == nil {
				return
			}
			if got.ID != tt.wantID || got.Section() != tt.wantSection {
				t.Errorf("provider %d, section %q; want %d, %q", got.ID, got.Section(), tt.wantID, tt.wantSection)
			}
		})
	}
}

func sample() *sdk.ProviderDetail {
	item := func(id int64, pos int, title, url string) oas.ProviderItem {
		return oas.ProviderItem{ID: id, Position: pos, Title: title, URL: oas.NewOptString(url)}
	}
	pdf := item(9, 1, "Underwriting guide", "/files/abc.pdf?sig=x")
	pdf.ContentType, pdf.Size, pdf.FileID = oas.NewOptString("application/pdf"), oas.NewOptInt64(2048), oas.NewOptString("abc")
	return &sdk.ProviderDetail{
		Provider: sdk.Provider{ID: 3, Code: "GLF", Name: "Great Lakes Financial", Countries: []oas.Country{oas.CountryUSA},
			Website: oas.NewOptString("https://glf.example.com"), Description: oas.NewOptString("Term and whole life."),
			Contacts: 1, Videos: 2, Links: 0, Attachments: 1, Products: 6},
		Contacts: []oas.ProviderContact{{ID: 1, Name: "Pat Broker", Role: "New business", Phone: oas.NewOptString("5551234567"),
			Email: oas.NewOptString("pat@glf.example.com")}},
		Videos:      []oas.ProviderItem{item(4, 1, "Product tour", "https://v.example.com/1"), item(5, 2, "Underwriting", "https://v.example.com/2")},
		Links:       []oas.ProviderItem{},
		Attachments: []oas.ProviderItem{pdf},
	}
}

func TestPrint(t *testing.T) {
	tests := []struct {
		name    string
		section string
		tty     bool
		args    []string // format flags
		want    []string // the output holds these
	}{
		{name: "terminal: the provider and its four lists", tty: true, want: []string{
			"Great Lakes Financial GLF #3\nUSA · 6 active products · https://glf.example.com\n\nTerm and whole life.\n",
			"Contacts (1)\nNAME        ROLE          PHONE           EMAIL\nPat Broker  New business  (555) 123-4567  pat@glf.example.com\n",
			"Videos (2)\n#  TITLE         FILE  URL\n1  Product tour        https://v.example.com/1\n2  Underwriting        https://v.example.com/2\n",
			"Links (0)\nNone.\n",
			"Attachments (1)\n#  TITLE               FILE                     URL\n1  Underwriting guide  application/pdf, 2.0 kB  /files/abc.pdf?sig=x\n",
		}},
		{name: "piped: the provider's fields", want: []string{"id:\t3\ncode:\tGLF\nname:\tGreat Lakes Financial\n", "countries:\t[\"USA\"]\n", "videos:\t2\n"}},
		{name: "piped contacts", section: "contacts", want: []string{"1\tPat Broker\tNew business\t5551234567\tpat@glf.example.com\n"}},
		{name: "piped attachments", section: "attachments", want: []string{"9\t1\tUnderwriting guide\t/files/abc.pdf?sig=x\tapplication/pdf\t2048\n"}},
		{name: "json of a list", section: "videos", args: []string{"--jq", ".[] | .title"}, want: []string{"Product tour\nUnderwriting\n"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fields := OverviewFields
			switch tt.section {
			case "":
			case "contacts":
				fields = ContactFields
			default:
				fields = ItemFields
			}
			e := cmdtest.Exporter(t, fields, tt.args)
			ios, _, out, _ := iostreams.Test()
			ios.SetStdoutTTY(tt.tty)
			ios.SetWidth(120)
			if err := Print(ios, e, sample(), tt.section); err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("the output lacks %q:\n%s", w, out.String())
				}
			}
		})
	}
	if diff := cmp.Diff([]string{"id", "position", "title", "url", "file_id", "content_type", "size"}, ItemFields); diff != "" {
		t.Errorf("item fields (-want +got):\n%s", diff)
	}
}
