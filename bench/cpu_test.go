package main

import (
	"fmt"
	"io/fs"
	"testing"
	"testing/fstest"
	"time"

	"github.com/google/go-cmp/cmp"
)

// statLine is a /proc/<pid>/stat line as Linux writes it, with the fields the bench reads
// (ppid, and utime, stime, cutime, cstime in ticks) and plausible others.
func statLine(pid int, comm string, ppid int, utime, stime, cutime, cstime int64) string {
	return fmt.Sprintf("%d (%s) S %d %d %d 0 -1 4194560 1021 0 0 0 %d %d %d %d 20 0 1 0 1673104 229150720 7134 "+
		"18446744073709551615 1 1 0 0 0 0 0 4096 0 0 0 0 17 1 0 0 0 0 0\n", pid, comm, ppid, pid, pid, utime, stime, cutime, cstime)
}

func ticks(n int64) time.Duration { return time.Duration(n) * time.Second / userHZ }

func TestProcStat(t *testing.T) {
	type stat struct {
		PPID        int
		Own, Reaped time.Duration
		OK          bool
	}
	cases := []struct {
		name, file string
		want       stat
	}{
		{"a backend", statLine(9, "postgres", 3, 150, 50, 0, 0), stat{3, 2 * time.Second, 0, true}},
		{"a postmaster that reaped children", statLine(9, "postgres", 1, 12, 8, 1000, 234), stat{1, 200 * time.Millisecond, ticks(1234), true}},
		// The command name is the process's to choose: it ends at the last ')'.
		{"a command with spaces and parentheses", statLine(9, "post) 1 2 (gres", 3, 1, 2, 3, 4), stat{3, 30 * time.Millisecond, 70 * time.Millisecond, true}},
		{"cut short", "9 (postgres) S 3 9 9 0 -1 4194560 1021 0 0 0 1 2\n", stat{}},
		{"a time that is no number", "9 (postgres) S 3 9 9 0 -1 4194560 1021 0 0 0 x 2 3 4 20 0 1 0\n", stat{}},
		{"no command", "9 postgres S 3\n", stat{}},
		{"empty", "", stat{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got stat
			got.PPID, got.Own, got.Reaped, got.OK = procStat(fstest.MapFS{"9/stat": {Data: []byte(tc.file)}}, 9)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	t.Run("no such process", func(t *testing.T) {
		if _, _, _, ok := procStat(fstest.MapFS{}, 9); ok {
			t.Error("a missing process reads as ok")
		}
	})
}

// fakeProc is a process of a fake /proc: its parent, its own ticks and those of the
// children it reaped.
type fakeProc struct {
	ppid        int
	own, reaped int64
}

// procTree is a fake /proc. Its files are written from the processes when opened.
type procTree map[int]*fakeProc

func (p procTree) Open(name string) (fs.File, error) {
	files := fstest.MapFS{
		"self":    {Mode: fs.ModeSymlink},
		"cpuinfo": {Data: []byte("processor\t: 0\n")},
	}
	for pid, pr := range p {
		files[fmt.Sprintf("%d/stat", pid)] = &fstest.MapFile{Data: []byte(statLine(pid, "postgres", pr.ppid, pr.own, 0, pr.reaped, 0))}
	}
	return files.Open(name)
}

// exit ends a process and has its parent reap it: the child's own time and its children's
// move into the parent's cutime.
func (p procTree) exit(pid int) {
	child := p[pid]
	delete(p, pid)
	p[child.ppid].reaped += child.own + child.reaped
}

// newCluster is a postmaster (100) with two backends, beside another cluster (200) with
// one backend, which must not count.
func newCluster() procTree {
	return procTree{
		1:   {ppid: 0, own: 700},
		100: {ppid: 1, own: 20, reaped: 10000}, // 100 s of backends that exited
		101: {ppid: 100, own: 300},
		102: {ppid: 100, own: 50, reaped: 7}, // it ran a program (COPY … PROGRAM) and waited for it
		200: {ppid: 1, own: 5000, reaped: 5000},
		201: {ppid: 200, own: 5000},
	}
}

func TestClusterCPU(t *testing.T) {
	t.Run("the postmaster, what it reaped and its live children", func(t *testing.T) {
		if got, want := clusterCPU(newCluster(), 100), ticks(20+10000+300+50+7); got != want {
			t.Errorf("clusterCPU = %v, want %v", got, want)
		}
	})
	t.Run("no postmaster", func(t *testing.T) {
		if got := clusterCPU(newCluster(), 300); got != 0 {
			t.Errorf("clusterCPU = %v, want 0", got)
		}
	})

	// Between two samples backends work and exit: the delta is what the cluster used in
	// between, never less, never more (no time counted twice).
	steps := []struct {
		name string
		run  func(p procTree)
		used int64 // ticks the cluster used meanwhile
	}{
		{"a backend works", func(p procTree) { p[101].own += 40 }, 40},
		{"it exits and is reaped", func(p procTree) { p.exit(101) }, 0},
		{"a backend works, waits for a program and exits", func(p procTree) {
			p[102].own += 10
			p[102].reaped += 2
			p.exit(102)
		}, 12},
		{"a new backend starts and works", func(p procTree) { p[103] = &fakeProc{ppid: 100, own: 25} }, 25},
		{"the postmaster works", func(p procTree) { p[100].own += 3 }, 3},
		{"another cluster works and its backend exits", func(p procTree) {
			p[201].own += 900
			p.exit(201)
		}, 0},
	}
	p := newCluster()
	before := clusterCPU(p, 100)
	for _, s := range steps {
		s.run(p)
		after := clusterCPU(p, 100)
		if got := after - before; got != ticks(s.used) {
			t.Errorf("%s: delta %v, want %v", s.name, got, ticks(s.used))
		}
		before = after
	}
}

// reaping is a fake /proc whose postmaster reaps a backend right after the backend's stat
// was opened: after it was counted as live, before the postmaster is read again.
type reaping struct {
	procTree
	pid    int
	reaped bool
}

func (r *reaping) Open(name string) (fs.File, error) {
	f, err := r.procTree.Open(name)
	if name == fmt.Sprintf("%d/stat", r.pid) && !r.reaped {
		r.reaped = true
		r.exit(r.pid)
	}
	return f, err
}

func TestClusterCPUReadsAgainWhenAChildIsReapedMeanwhile(t *testing.T) {
	for _, pid := range []int{101, 102} {
		t.Run(fmt.Sprint(pid), func(t *testing.T) {
			p := newCluster()
			want := clusterCPU(p, 100)
			r := &reaping{procTree: p, pid: pid}
			// Read once, the backend would count twice: live, then in the cutime.
			if got := clusterCPU(r, 100); got != want || !r.reaped {
				t.Errorf("clusterCPU = %v, want %v (reaped during the read: %v)", got, want, r.reaped)
			}
		})
	}
}
