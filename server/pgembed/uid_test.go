package pgembed_test

import (
	"io/fs"
	"syscall"
)

func fileUID(st fs.FileInfo) uint32 {
	if s, ok := st.Sys().(*syscall.Stat_t); ok {
		return s.Uid
	}
	return 0
}
