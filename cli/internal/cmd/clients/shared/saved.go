package shared

import (
	"fmt"

	"github.com/associateportal/portal/cli/internal/cmdutil"
	"github.com/associateportal/portal/cli/internal/iostreams"
	"github.com/associateportal/portal/sdk"
)

// PrintSaved reports a created or updated client: the record with --json/--jq/--csv, a
// confirmation on a terminal, the ID alone when piped.
func PrintSaved(ios *iostreams.IOStreams, e *cmdutil.Exporter, c *sdk.ClientRecord, verb string) error {
	if e.Enabled() {
		rec, err := Record(c)
		if err != nil {
			return err
		}
		return e.Write(ios, rec)
	}
	if ios.IsStdoutTTY() {
		cs := ios.ColorScheme()
		_, err := fmt.Fprintf(ios.Out, "%s %s client %s %s\n", cs.SuccessIcon(), verb, cs.Bold(FullName(c)), cs.Gray(fmt.Sprintf("#%d", c.ID)))
		return err
	}
	_, err := fmt.Fprintln(ios.Out, c.ID)
	return err
}
