//go:build unix

package config

import (
	"os"
	"syscall"
)

// lockFile takes an exclusive advisory lock (flock) on path, made when missing, waiting for
// another process (or another open of the file in this one) to release it. The file is
// left in place: removing it would let two runs lock two different files.
func lockFile(path string) (unlock func(), err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		_ = f.Close()
		return nil, err
	}
	return func() {
		_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		_ = f.Close()
	}, nil
}
