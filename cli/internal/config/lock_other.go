//go:build !unix

package config

import "sync"

// lockMu stands in for the file lock where flock is missing (Windows): it serialises the
// updates of one process only.
var lockMu sync.Mutex

func lockFile(string) (unlock func(), err error) {
	lockMu.Lock()
	return lockMu.Unlock, nil
}
