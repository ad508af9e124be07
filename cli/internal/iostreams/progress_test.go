package iostreams

import (
	"strings"
	"testing"
	"time"
)

func TestRenderProgress(t *testing.T) {
	tests := []struct {
		done, total int64
		width       int
		want        string
	}{
		{0, 1000, 80, "Exporting a.csv [>                                    ]   0%       0 B / 1.0 kB"},
		{500, 1000, 80, "Exporting a.csv [==================>                  ]  50%     500 B / 1.0 kB"},
		{1000, 1000, 80, "Exporting a.csv [=====================================] 100%    1.0 kB / 1.0 kB"},
		{2500000, -1, 80, "Exporting a.csv… 2.5 MB"},
		{5, 10, 30, "Exporting a.csv  50%       5 B / 10 B"},
	}
	for _, tt := range tests {
		if got := RenderProgress("Exporting a.csv", tt.done, tt.total, tt.width); got != tt.want {
			t.Errorf("RenderProgress(%d, %d, %d) =\n%q, want\n%q", tt.done, tt.total, tt.width, got, tt.want)
		}
	}
}

func TestProgressOnlyOnATerminal(t *testing.T) {
	ios, _, _, errOut := Test()
	p := ios.StartProgress("x")
	p.Update(1, 2)
	p.Done()
	if errOut.Len() != 0 {
		t.Errorf("drew %q without a terminal", errOut.String())
	}

	ios.SetStderrTTY(true)
	p = ios.StartProgress("x")
	now := time.Unix(0, 0)
	p.now = func() time.Time { return now }
	p.Update(1, 10)
	p.Update(2, 10) // within 100 ms: skipped
	p.Update(10, 10)
	p.Done()
	if got := strings.Count(errOut.String(), "\r\x1b[K"); got != 3 {
		t.Errorf("%d redraws and clears, want 3: %q", got, errOut.String())
	}
}
