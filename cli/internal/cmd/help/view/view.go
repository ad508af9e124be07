// Package view implements `portal help view`.
package view

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/cmd/help/shared"
	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/cli/internal/text"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// Fields are the JSON fields of an article, in the contract's order (HelpArticle).
var Fields = cmdutil.JSONFields(oas.HelpArticle{})

// HeaderFields are the fields printed before the body when piped (HelpArticleSummary).
var HeaderFields = cmdutil.JSONFields(oas.HelpArticleSummary{})

// Options are the inputs of a view.
type Options struct {
	IO       *iostreams.IOStreams
	Client   func() (*sdk.Client, error)
	Exporter *cmdutil.Exporter

	Slug string
}

// NewCmdView returns the view command; runF replaces the run in tests.
func NewCmdView(f *cmdutil.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IOStreams, Client: f.Client}
	cmd := &cobra.Command{
		Use:   "view <slug>",
		Short: "Read a help centre article",
		Long: `Read a help centre article by its slug (portal help search shows it: lower-case words
joined by hyphens, such as advances-and-escrow). Associates read the Published articles;
any other slug is not found.

On a terminal: the title, the category, when the article was last updated (and its state
when it is not Published, for staff who manage content), then the article rendered for the
terminal. GLAMOUR_STYLE names another style (dark, light, dracula, tokyo-night, pink,
ascii, notty). Piped: one "field:<TAB>value" line per field of the article's summary (id,
slug, title, category, category_name, status, language, updated_at, published_at), a line
"--", then the article's Markdown as written. --json, --jq and --csv take the contract's
HelpArticle fields, with body_markdown and the sanitised body_html.`,
		Example: `  $ portal help view advances-and-escrow
  $ portal help view advances-and-escrow | less
  $ portal help view advances-and-escrow --json title,updated_at,body_markdown
  $ portal help view advances-and-escrow --jq .body_html`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return cmdutil.FlagErrorf("%s takes one article slug, got %d arguments", cmd.CommandPath(), len(args))
			}
			_, err := shared.ParseSlug(args[0])
			return err
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := opts.Exporter.Validate(); err != nil {
				return err
			}
			opts.Slug = args[0]
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return viewRun(cmd.Context(), opts)
		},
	}
	opts.Exporter = cmdutil.AddFormatFlags(cmd, Fields)
	return cmd
}

func viewRun(ctx context.Context, opts *Options) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	res, err := client.GetHelpArticle(ctx, oas.GetHelpArticleParams{Slug: opts.Slug})
	if err != nil {
		return NotFound(sdk.Wrap(err), opts.Slug)
	}
	return Print(opts.IO, opts.Exporter, &res.Response)
}

// NotFound names the slug in the error of a 404 ("Help article "x" not found (HTTP 404)"),
// the answer for an article that does not exist and for one the caller may not read; any
// other error is returned as it is.
func NotFound(err error, slug string) error {
	e, ok := sdk.AsError(err)
	if !ok || e.Status != 404 {
		return err
	}
	nf := *e
	nf.Message = fmt.Sprintf("Help article %q not found", slug)
	return &nf
}

// Print prints the article in the format asked for: the machine output of the exporter,
// the heading and the rendered article on a terminal, the summary's fields and the
// Markdown when piped.
func Print(ios *iostreams.IOStreams, e *cmdutil.Exporter, a *oas.HelpArticle) error {
	if e.Enabled() {
		rec, err := cmdutil.ToRecord(a, Fields)
		if err != nil {
			return err
		}
		return e.Write(ios, rec)
	}
	body := strings.TrimRight(a.BodyMarkdown, "\n") + "\n"
	if !ios.IsStdoutTTY() {
		rec, err := cmdutil.ToRecord(a, HeaderFields)
		if err != nil {
			return err
		}
		if err := cmdutil.PrintFields(ios, rec, HeaderFields); err != nil {
			return err
		}
		_, err = fmt.Fprint(ios.Out, "--\n"+body)
		return err
	}
	rendered, err := shared.RenderMarkdown(ios, body, shared.MarkdownStyle(ios))
	if err != nil {
		return err
	}
	cs := ios.ColorScheme()
	byline := a.CategoryName + " · updated " + text.FormatDate(a.UpdatedAt.Local())
	if a.Status != oas.ContentStatusPublished {
		byline += " · " + cs.Yellow(string(a.Status))
	}
	_, err = fmt.Fprintf(ios.Out, "%s\n%s\n%s\n", cs.Bold(a.Title), cs.Gray(byline), strings.TrimRight(rendered, "\n"))
	return err
}
