package cmdutil

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/associateportal/portal/cli/internal/iostreams"
)

// AddExportFileFlags adds the flags of an export to a file: --format and -o
// (AddExportFlags), and --clobber, which lets an export replace a file that exists.
func AddExportFileFlags(cmd *cobra.Command, e *ExportFlags, clobber *bool) {
	AddExportFlags(cmd, e)
	cmd.Flags().Lookup("format").Usage = "File format: csv or xlsx; without it the extension of the -o file (.csv, .xlsx) decides"
	cmd.Flags().BoolVar(clobber, "clobber", false, "Overwrite the -o file if it exists")
}

// extFormat is the format a file name's extension names, "" for none.
func extFormat(name string) string {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".csv":
		return "csv"
	case ".xlsx":
		return "xlsx"
	}
	return ""
}

// Resolve settles the format and checks the flags (Validate): without --format
// (formatGiven false), a -o file named .csv or .xlsx sets it; a --format that disagrees
// with that extension is refused.
func (e *ExportFlags) Resolve(ios *iostreams.IOStreams, formatGiven bool) error {
	e.Format = strings.ToLower(strings.TrimSpace(e.Format))
	if !e.ToStdout() {
		switch ext := extFormat(e.Output); {
		case ext == "":
		case !formatGiven:
			e.Format = ext
		case e.Format != ext && (e.Format == "csv" || e.Format == "xlsx"):
			return FlagErrorf("--format %s does not match the file name %s: leave --format out (the extension decides) or name the file .%s",
				e.Format, filepath.Base(e.Output), e.Format)
		}
	}
	return e.Validate(ios)
}

// CheckOverwrite refuses to replace the -o file when it exists, unless clobber (--clobber)
// is set. Call it before the download starts.
func (e *ExportFlags) CheckOverwrite(clobber bool) error {
	if e.ToStdout() || clobber {
		return nil
	}
	_, err := os.Lstat(e.Output)
	switch {
	case err == nil:
		return fmt.Errorf("%s exists; use --clobber to overwrite it", e.Output)
	case errors.Is(err, fs.ErrNotExist):
		return nil
	}
	return fmt.Errorf("check %s: %w", e.Output, err)
}
