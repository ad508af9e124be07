// Command portal is the command-line client of the Associate Portal: portal auth login,
// portal clients list, portal tui, … (docs/cli.md).
package main

import (
	"os"

	"github.com/associateportal/portal/cli/internal/portalcmd"
)

func main() {
	os.Exit(portalcmd.Main())
}
