// Package build holds the version of the portal binary.
package build

import "runtime/debug"

// Version is set at link time: -ldflags "-X github.com/associateportal/portal/cli/internal/build.Version=v1.2.3".
// Without it the module version (go install …@v1.2.3) or "dev" is used.
var Version = ""

func init() {
	if Version != "" {
		return
	}
	Version = "dev"
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" && info.Main.Version != "(devel)" {
		Version = info.Main.Version
	}
}
