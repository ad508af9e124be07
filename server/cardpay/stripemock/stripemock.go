// Package stripemock starts stripe-mock (Stripe's official mock of its API, a tool
// dependency of the module) on loopback ports: the demo payment mode of portald and the
// tests of the store run against it.
package stripemock

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// Find locates the stripe-mock binary: the path given, else stripe-mock beside the running
// executable (make build puts it in bin/), else on the PATH.
func Find(given string) (string, error) {
	if given != "" {
		return given, nil
	}
	if self, err := os.Executable(); err == nil {
		p := filepath.Join(filepath.Dir(self), "stripe-mock")
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	return exec.LookPath("stripe-mock")
}

// FromModule builds stripe-mock from the module's tool dependency (go tool -n) and answers
// its path: how tests find it, from anywhere inside the module.
func FromModule(ctx context.Context) (string, error) {
	out, err := exec.CommandContext(ctx, "go", "tool", "-n", "stripe-mock").Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return "", fmt.Errorf("stripemock: go tool -n stripe-mock: %v: %s", err, ee.Stderr)
		}
		return "", fmt.Errorf("stripemock: go tool -n stripe-mock: %w", err)
	}
	return strings.TrimSpace(string(out)), nil
}

// Mock is a running stripe-mock.
type Mock struct {
	URL string // the HTTP API, e.g. http://127.0.0.1:40123
	cmd *exec.Cmd
}

// Start runs the binary on two free loopback ports (its HTTPS one too: otherwise it listens
// on every interface) and waits until it answers.
func Start(ctx context.Context, binary string) (*Mock, error) {
	httpPort, err := freePort()
	if err != nil {
		return nil, err
	}
	httpsPort, err := freePort()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(binary, "-http-addr", "127.0.0.1:"+httpPort, "-https-addr", "127.0.0.1:"+httpsPort)
	cmd.Stdout, cmd.Stderr = nil, nil
	// It ends with its parent, even one killed (a test process, a portald): never left behind.
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("stripemock: start %s: %w", binary, err)
	}
	m := &Mock{URL: "http://127.0.0.1:" + httpPort, cmd: cmd}
	deadline := time.Now().Add(30 * time.Second)
	for {
		req, _ := http.NewRequestWithContext(ctx, "GET", m.URL+"/v1/charges", nil)
		req.Header.Set("Authorization", "Bearer sk_test_123")
		if res, err := http.DefaultClient.Do(req); err == nil {
			res.Body.Close()
			return m, nil
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			m.Stop()
			return nil, fmt.Errorf("stripemock: %s did not answer on %s", binary, m.URL)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Stop ends the mock.
func (m *Mock) Stop() {
	if m.cmd.Process != nil {
		_ = m.cmd.Process.Kill()
		_ = m.cmd.Wait()
	}
}

func freePort() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer l.Close()
	_, port, err := net.SplitHostPort(l.Addr().String())
	return port, err
}
