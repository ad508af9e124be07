package iostreams

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

// Progress draws a one-line progress bar on standard error while bytes arrive. It draws
// nothing unless standard error is a terminal, so piped output stays clean.
type Progress struct {
	mu      sync.Mutex
	w       io.Writer
	label   string
	width   int
	enabled bool
	last    time.Time
	drawn   bool
	now     func() time.Time
}

// StartProgress returns a progress bar labelled label (e.g. "Downloading clients.csv").
func (s *IOStreams) StartProgress(label string) *Progress {
	return &Progress{w: s.ErrOut, label: label, width: s.TerminalWidth(), enabled: s.stderrTTY, now: time.Now}
}

// Update is a progress callback: done bytes of total (-1 when unknown). It redraws at most
// ten times a second, and always when done reaches total.
func (p *Progress) Update(done, total int64) {
	if !p.enabled {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.now()
	if p.drawn && now.Sub(p.last) < 100*time.Millisecond && done != total {
		return
	}
	p.last, p.drawn = now, true
	_, _ = fmt.Fprint(p.w, "\r\x1b[K"+RenderProgress(p.label, done, total, p.width))
}

// Done ends the bar's line.
func (p *Progress) Done() {
	if !p.enabled {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.drawn {
		_, _ = fmt.Fprint(p.w, "\r\x1b[K")
	}
}

// RenderProgress renders one line of at most width columns:
//
//	Downloading clients.csv [=========>          ]  48%  1.2 MB / 2.5 MB
func RenderProgress(label string, done, total int64, width int) string {
	if total <= 0 {
		return fmt.Sprintf("%s… %s", label, FormatBytes(done))
	}
	pct := float64(done) / float64(total)
	if pct > 1 {
		pct = 1
	}
	// The done part is padded to its widest form so the bar does not jitter as it grows.
	tail := fmt.Sprintf(" %3d%%  %8s / %s", int(pct*100), FormatBytes(done), FormatBytes(total))
	barWidth := width - len([]rune(label)) - len(tail) - 4
	if barWidth > 40 {
		barWidth = 40
	}
	if barWidth < 10 {
		return label + tail
	}
	filled := int(pct * float64(barWidth))
	bar := strings.Repeat("=", filled)
	if filled < barWidth {
		bar += ">" + strings.Repeat(" ", barWidth-filled-1)
	}
	return fmt.Sprintf("%s [%s]%s", label, bar, tail)
}

// FormatBytes renders a size in decimal units: 512 B, 1.2 kB, 3.4 MB.
func FormatBytes(n int64) string {
	const unit = 1000
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %cB", float64(n)/float64(div), "kMGTPE"[exp])
}
