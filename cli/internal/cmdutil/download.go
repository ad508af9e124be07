package cmdutil

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
	"github.com/associateportal/portal/sdk/oas"
)

// ExportFlags hold --format and --output (-o), the flags of every export command.
type ExportFlags struct {
	Format string
	Output string
}

// AddExportFlags adds --format (csv or xlsx, with completion) and -o to cmd.
func AddExportFlags(cmd *cobra.Command, e *ExportFlags) {
	cmd.Flags().StringVar(&e.Format, "format", "csv", "File format: csv or xlsx")
	cmd.Flags().StringVarP(&e.Output, "output", "o", "", "Write to `file` (- for standard output)")
	_ = cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions([]string{"csv", "xlsx"}, cobra.ShellCompDirectiveNoFileComp))
}

// ToStdout reports whether the file goes to standard output (no -o, or -o -).
func (e *ExportFlags) ToStdout() bool { return e.Output == "" || e.Output == "-" }

// Validate checks the flags: the format, and no XLSX file written to a terminal.
func (e *ExportFlags) Validate(ios *iostreams.IOStreams) error {
	switch e.Format {
	case "csv", "xlsx":
	default:
		return FlagErrorf("invalid --format %q: csv or xlsx", e.Format)
	}
	if e.ToStdout() && e.Format == "xlsx" && ios.IsStdoutTTY() {
		return FlagErrorf("refusing to write an XLSX file to the terminal; give -o FILE")
	}
	return nil
}

// Export is the run of an export command: download asks the server for the file's signed
// URL (it checks the filters first), then the -o file is checked (CheckOverwrite, with
// clobber) and the file streamed (Download); what names the file's content in messages.
func (e *ExportFlags) Export(ctx context.Context, ios *iostreams.IOStreams, client *sdk.Client, clobber bool, what string,
	download func() (*oas.DownloadHeaders, error)) error {
	res, err := download()
	if err != nil {
		return sdk.Wrap(err)
	}
	if err := e.CheckOverwrite(clobber); err != nil {
		return err
	}
	return e.Download(ctx, ios, client, res.Response.URL, what)
}

// Download streams the signed download URL an export answered to standard output or to the
// -o file, as SaveDownload does: "✓ Exported <what> to FILE (size)" at the end.
func (e *ExportFlags) Download(ctx context.Context, ios *iostreams.IOStreams, client *sdk.Client, url, what string) error {
	return SaveDownload(ctx, ios, client, url, e.Output, "Exporting", "Exported "+what)
}

// SaveDownload streams the file at a signed download URL to standard output (path "" or
// "-") or to the file path. The file is written next to its destination and renamed into
// place once complete, so a failed download never leaves a truncated file where a good one
// was; a progress bar ("<doing> FILE") is drawn on standard error when it is a terminal, and
// "✓ <done> to FILE (size)" said there at the end.
func SaveDownload(ctx context.Context, ios *iostreams.IOStreams, client *sdk.Client, url, path, doing, done string) error {
	if path == "" || path == "-" {
		return client.Download(ctx, url, ios.Out, nil)
	}
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.part")
	if err != nil {
		return fmt.Errorf("create %s: %w", path, err)
	}
	defer func() { _ = os.Remove(tmp.Name()) }()

	bar := ios.StartProgress(doing + " " + filepath.Base(path))
	info, err := client.DownloadWithInfo(ctx, url, tmp, bar.Update)
	bar.Done()
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if ios.IsStderrTTY() {
		cs := ios.ColorScheme()
		fmt.Fprintf(ios.ErrOut, "%s %s to %s (%s)\n", cs.SuccessIcon(), done, path, iostreams.FormatBytes(info.Size))
	}
	return nil
}
