// Package view implements `portal providers view`.
package view

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/cli/internal/tableprinter"
	"github.com/associateportal/portal/cli/internal/text"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// The JSON fields of each section, in the contract's order.
var (
	OverviewFields = cmdutil.JSONFields(sdk.Provider{})
	ContactFields  = cmdutil.JSONFields(oas.ProviderContact{})
	ItemFields     = cmdutil.JSONFields(oas.ProviderItem{})
)

// Options are the inputs of a view.
type Options struct {
	IO       *iostreams.IOStreams
	Client   func() (*sdk.Client, error)
	Exporter *cmdutil.Exporter

	ID       int64
	Contacts bool
	Videos   bool
	Links    bool
	Files    bool // --attachments
}

// Section is the list one of the flags asks for: "contacts", a kind of ordered list, or ""
// for the whole provider.
func (o *Options) Section() string {
	switch {
	case o.Contacts:
		return "contacts"
	case o.Videos:
		return string(oas.ProviderListKindVideos)
	case o.Links:
		return string(oas.ProviderListKindLinks)
	case o.Files:
		return string(oas.ProviderListKindAttachments)
	}
	return ""
}

func (o *Options) fields() []string {
	switch o.Section() {
	case "":
		return OverviewFields
	case "contacts":
		return ContactFields
	}
	return ItemFields
}

// NewCmdView returns the view command; runF replaces the run in tests.
func NewCmdView(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:   "view <id> [--contacts | --videos | --links | --attachments]",
		Short: "Show a provider with its contacts, videos, links and attachments",
		Long: `Show a product provider: its code, countries, website and description, the number of
its active products, and its contacts, videos, links and attachments (the last three in the
order staff set). An attachment's URL is a signed download link that works for an hour.

On a terminal the provider and its four lists are shown. Piped, the provider is one
"field:<TAB>value" line per contract field. --contacts, --videos, --links or --attachments
show that list alone (piped: tab-separated rows of id, name, role, phone, email for
contacts; id, position, title, url, content_type, size for the others), and --json, --jq
and --csv take the fields of what is shown.`,
		Example: `  $ portal providers view 3
  $ portal providers view 3 --contacts
  $ portal providers view 3 --videos --json title,url
  $ portal providers view 3 --attachments --jq '.[] | .url'`,
		Args: cmdutil.ExactID("provider"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := opts.Exporter.Validate(); err != nil {
				return err
			}
			opts.ID, _ = cmdutil.ParseID(args[0])
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return viewRun(cmd.Context(), opts)
		},
	}
	cmd.Flags().BoolVar(&opts.Contacts, "contacts", false, "Show the contacts")
	cmd.Flags().BoolVar(&opts.Videos, "videos", false, "Show the videos")
	cmd.Flags().BoolVar(&opts.Links, "links", false, "Show the links")
	cmd.Flags().BoolVar(&opts.Files, "attachments", false, "Show the attachments")
	cmd.MarkFlagsMutuallyExclusive("contacts", "videos", "links", "attachments")
	opts.Exporter = cmdutil.AddFormatFlagsFunc(cmd, opts.fields)
	return cmd
}

func viewRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	d, err := client.ProviderDetail(ctx, opts.ID)
	if err != nil {
		return err
	}
	return Print(opts.IO, opts.Exporter, d, opts.Section())
}

// Print writes the section of the provider (see Options.Section) in the format asked for.
func Print(ios *iostreams.IOStreams, e *cmdutil.Exporter, d *sdk.ProviderDetail, section string) error {
	var (
		data any
		err  error
	)
	switch section {
	case "":
		data, err = cmdutil.ToRecord(&d.Provider, OverviewFields)
	case "contacts":
		data, err = cmdutil.ToRecords(d.Contacts, ContactFields)
	default:
		data, err = cmdutil.ToRecords(d.Items(oas.ProviderListKind(section)), ItemFields)
	}
	if err != nil {
		return err
	}
	switch {
	case e.Enabled():
		return e.Write(ios, data)
	case section == "contacts":
		return printContacts(ios, d.Contacts)
	case section != "":
		return printItems(ios, d.Items(oas.ProviderListKind(section)))
	case !ios.IsStdoutTTY():
		return cmdutil.PrintFields(ios, data.(cmdutil.Record), OverviewFields)
	}
	return printAll(ios, d)
}

// printAll shows the provider and its four lists, on a terminal.
func printAll(ios *iostreams.IOStreams, d *sdk.ProviderDetail) error {
	p := &d.Provider
	cs := ios.ColorScheme()
	out := ios.Out
	fmt.Fprintf(out, "%s %s %s\n", cs.Bold(p.Name), p.Code, cs.Gray("#"+strconv.FormatInt(p.ID, 10)))
	about := []string{strings.Join(cmdutil.EnumStrings(p.Countries), ", "), fmt.Sprintf("%d active products", p.Products)}
	if w := p.Website.Or(""); w != "" {
		about = append(about, w)
	}
	fmt.Fprintln(out, cs.Gray(strings.Join(about, " · ")))
	if desc := strings.TrimSpace(p.Description.Or("")); desc != "" {
		fmt.Fprintln(out, "\n"+strings.Join(text.Wrap(desc, max(ios.TerminalWidth(), 40)), "\n"))
	}
	sections := []struct {
		title string
		n     int
		print func() error
	}{
		{"Contacts", len(d.Contacts), func() error { return printContacts(ios, d.Contacts) }},
		{"Videos", len(d.Videos), func() error { return printItems(ios, d.Videos) }},
		{"Links", len(d.Links), func() error { return printItems(ios, d.Links) }},
		{"Attachments", len(d.Attachments), func() error { return printItems(ios, d.Attachments) }},
	}
	for _, s := range sections {
		fmt.Fprintf(out, "\n%s %s\n", cs.Bold(s.title), cs.Gray(fmt.Sprintf("(%d)", s.n)))
		if s.n == 0 {
			fmt.Fprintln(out, cs.Gray("None."))
			continue
		}
		if err := s.print(); err != nil {
			return err
		}
	}
	return nil
}

// printContacts prints contacts: a table on a terminal, tab-separated rows when piped.
func printContacts(ios *iostreams.IOStreams, cs []oas.ProviderContact) error {
	t := tableprinter.New(ios, "NAME", "ROLE", "PHONE", "EMAIL")
	for _, c := range cs {
		if ios.IsStdoutTTY() {
			t.AddRow(c.Name, c.Role, text.FormatPhone(c.Phone.Or("")), c.Email.Or(""))
		} else {
			t.AddRow(strconv.FormatInt(c.ID, 10), c.Name, c.Role, c.Phone.Or(""), c.Email.Or(""))
		}
	}
	return t.Render()
}

// printItems prints an ordered list (videos, links or attachments): a table on a terminal,
// tab-separated rows when piped.
func printItems(ios *iostreams.IOStreams, items []oas.ProviderItem) error {
	t := tableprinter.New(ios, "#", "TITLE", "FILE", "URL")
	for _, it := range items {
		size := ""
		if n, ok := it.Size.Get(); ok {
			size = strconv.FormatInt(n, 10)
		}
		if ios.IsStdoutTTY() {
			file := ""
			if ct, ok := it.ContentType.Get(); ok {
				file = ct + ", " + iostreams.FormatBytes(it.Size.Or(0))
			}
			t.AddRow(strconv.Itoa(it.Position), it.Title, file, it.URL.Or(""))
		} else {
			t.AddRow(strconv.FormatInt(it.ID, 10), strconv.Itoa(it.Position), it.Title, it.URL.Or(""), it.ContentType.Or(""), size)
		}
	}
	return t.Render()
}
