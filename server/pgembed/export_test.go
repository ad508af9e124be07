package pgembed

// Abandon lets go of the data directory as a dying owner would, leaving the server
// running: what a SIGKILL of portald running as root leaves behind.
func Abandon(c *Cluster) {
	_ = c.lock.Close()
	c.lock = nil
}

// Disown lets go of the data directory with the server unrecorded, as if someone else
// had started it.
func Disown(c *Cluster) {
	_ = c.lock.Truncate(0)
	Abandon(c)
}

// ServerPID is the process id of the running server.
func ServerPID(c *Cluster) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.cmd.Process.Pid
}

// MallocTunables is the GLIBC_TUNABLES the server gets by default.
const MallocTunables = mallocTunables

// ServerEnv is the environment the server is started with, from the caller's.
var ServerEnv = serverEnv
