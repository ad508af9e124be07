package main

import (
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"time"
)

// procRoot is where the kernel shows its processes; the tests hand these functions a fake
// tree instead.
var procRoot fs.FS = os.DirFS("/proc")

// userHZ is the unit of the CPU times in /proc/<pid>/stat: 100 ticks per second on Linux.
const userHZ = 100

// procStat reads a process's parent and CPU times: its own (user + system) and that of
// its children that have exited and that it has waited for (cutime + cstime).
func procStat(root fs.FS, pid int) (ppid int, own, reaped time.Duration, ok bool) {
	b, err := fs.ReadFile(root, fmt.Sprintf("%d/stat", pid))
	if err != nil {
		return 0, 0, 0, false
	}
	// Fields after the command name (which may hold spaces and parentheses, so it ends at
	// the last ')'): state is field 3, ppid 4, utime 14, stime 15, cutime 16, cstime 17.
	s := string(b)
	end := strings.LastIndexByte(s, ')')
	if end < 0 {
		return 0, 0, 0, false
	}
	f := strings.Fields(s[end+1:])
	if len(f) < 15 {
		return 0, 0, 0, false
	}
	n := make([]int64, 15)
	for i := 1; i < len(n); i++ {
		if n[i], err = strconv.ParseInt(f[i], 10, 64); err != nil {
			return 0, 0, 0, false
		}
	}
	tick := func(t int64) time.Duration { return time.Duration(t) * time.Second / userHZ }
	return int(n[1]), tick(n[11] + n[12]), tick(n[13] + n[14]), true
}

// procCPU is the CPU time (user + system) a process has used so far.
func procCPU(root fs.FS, pid int) time.Duration {
	_, own, _, _ := procStat(root, pid)
	return own
}

// clusterCPU is the CPU time one PostgreSQL cluster has used so far: its postmaster's,
// its live children's (backends, background workers, parallel workers, with what their
// own exited children used) and — through the postmaster's cutime/cstime — that of every
// child that has exited. Summing only live processes lost the time of backends that
// exited during a run, so that a run could come out negative; other clusters on the
// machine (tests) are not counted either.
func clusterCPU(root fs.FS, postmaster int) time.Duration {
	var total time.Duration
	for range 5 {
		_, own0, reaped0, ok := procStat(root, postmaster)
		if !ok {
			return 0
		}
		var live time.Duration
		ents, _ := fs.ReadDir(root, ".")
		for _, e := range ents {
			pid, err := strconv.Atoi(e.Name())
			if err != nil {
				continue
			}
			// An exited child not yet reaped (a zombie) still counts here. When it is
			// reaped, its own and its children's time move into the postmaster's cutime and
			// cstime: counting both here keeps the total from jumping then.
			if ppid, own, reaped, ok := procStat(root, pid); ok && ppid == postmaster {
				live += own + reaped
			}
		}
		_, own1, reaped1, _ := procStat(root, postmaster)
		total = max(own0, own1) + reaped1 + live
		if reaped0 == reaped1 {
			// No child was reaped while the live ones were read: none was counted twice
			// (live, then reaped) or missed.
			break
		}
	}
	return total
}
