package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"hash/crc32"
	"image"
	"image/jpeg"
	"image/png"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"
	"time"

	"github.com/gen2brain/webp"

	"github.com/associateportal/portal/server/photo"
)

// photoBench measures server/photo in this process (part f): a 12-megapixel JPEG photo to
// its WebP sizes (goal: p95 ≤ 1.5 s), the same picture as PNG and as WebP, two JPEGs at
// once, and a decompression bomb. Peak RSS is the process's VmHWM, reset before each
// input (after a collection) so that each row's peak is its own.
func photoBench(args []string) error {
	fs := flag.NewFlagSet("photo", flag.ExitOnError)
	n := fs.Int("n", 40, "timed runs per input (after one untimed first call)")
	out := fs.String("out", ".bench/photo.md", "where to write the results")
	_ = fs.Parse(args)

	fmt.Println("generating a 4000×3000 photo-like picture, its JPEG and WebP, and a PNG of its centre…")
	pic := photoPicture(4000, 3000)
	var jpg, pngb, wp bytes.Buffer
	if err := jpeg.Encode(&jpg, pic, &jpeg.Options{Quality: 90}); err != nil {
		return err
	}
	// The 12 MP picture as PNG is 23 MB, over the 10 MB limit: the PNG row is its centre,
	// 2000×1500.
	if err := png.Encode(&pngb, pic.SubImage(image.Rect(1000, 750, 3000, 2250))); err != nil {
		return err
	}
	if err := webp.Encode(&wp, pic, webp.Options{Quality: 90}); err != nil {
		return err
	}
	pic = nil
	bomb := photoBomb()

	res := &report{}
	res.line("# Photo benchmark %s", time.Now().UTC().Format(time.RFC3339))
	res.line("")
	res.line("server/photo.Process in one process (%s, GOMAXPROCS %d, load average %s); %d timed runs per input after one untimed first call.",
		cpuInfo(), runtime.GOMAXPROCS(0), loadAverage(), *n)
	res.line("Renditions %v px, lossy WebP quality %d. Peak RSS is the process's VmHWM, reset before each input; the inputs themselves (%.1f MB) are held throughout.",
		photo.Sizes, photo.Quality, float64(jpg.Len()+pngb.Len()+wp.Len()+len(bomb))/1e6)
	res.line("")
	res.line("| input | bytes | first call | p50 | p95 | max | peak RSS | allocated per call | renditions (bytes) |")
	res.line("|---|---|---|---|---|---|---|---|---|")
	rows := []struct {
		name string
		data []byte
		par  int
	}{
		{"12 MP JPEG (4000×3000, quality 90, 4:2:0) — the goal", jpg.Bytes(), 1},
		{"the same JPEG, 2 at once (time per photo)", jpg.Bytes(), 2},
		{"3 MP PNG (2000×1500, the centre of the same picture)", pngb.Bytes(), 1},
		{"the same picture as lossy WebP (quality 90)", wp.Bytes(), 1},
		{"decompression bomb: PNG claiming 100000×100000", bomb, 1},
	}
	for _, r := range rows {
		m, err := measurePhoto(r.data, *n, r.par)
		if err != nil {
			return fmt.Errorf("%s: %w", r.name, err)
		}
		fmt.Printf("  %-60s first %-8s p50 %-8s p95 %-8s max %-8s peak RSS %.0f MB\n", r.name,
			fmtDur(m.first), fmtDur(m.p50), fmtDur(m.p95), fmtDur(m.max), float64(m.peakKB)/1024)
		res.line("| %s | %d | %s | %s | **%s** | %s | **%.0f MB** (before: %.0f MB) | %.1f MB | %s |", r.name, len(r.data),
			fmtDur(m.first), fmtDur(m.p50), fmtDur(m.p95), fmtDur(m.max), float64(m.peakKB)/1024, float64(m.beforeKB)/1024, m.allocMB, m.sizes)
	}
	res.line("")
	d, err := jpegDecodeTime(jpg.Bytes(), *n)
	if err != nil {
		return err
	}
	res.line("Of which decoding the JPEG alone (image/jpeg, median of %d): %s.", *n, fmtDur(d))
	res.line("")
	if err := os.MkdirAll(filepath.Dir(*out), 0o755); err != nil {
		return err
	}
	return res.finish(*out)
}

type photoTiming struct {
	first, p50, p95, max time.Duration
	beforeKB, peakKB     int64
	allocMB              float64 // allocated per call
	sizes                string  // of the renditions, or the refusal
}

// measurePhoto runs photo.Process once untimed, then n times, par at once, timing each
// call.
func measurePhoto(data []byte, n, par int) (photoTiming, error) {
	var t photoTiming
	runtime.GC()
	debug.FreeOSMemory()
	t.beforeKB = procKB(os.Getpid(), "VmRSS")
	if err := os.WriteFile("/proc/self/clear_refs", []byte("5"), 0); err != nil {
		return t, fmt.Errorf("resetting the peak RSS: %w", err)
	}
	start := time.Now()
	out, err := photo.Process(data)
	t.first = time.Since(start)
	var refusal *photo.Error
	switch {
	case errors.As(err, &refusal):
		t.sizes = "refused: " + refusal.Msg
	case err != nil:
		return t, err
	default:
		for i, r := range out {
			if i > 0 {
				t.sizes += ", "
			}
			t.sizes += fmt.Sprintf("%d px: %d", r.Size, len(r.WebP))
		}
	}
	ds := make([]time.Duration, n)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	var wg sync.WaitGroup
	next := make(chan int)
	for range par {
		wg.Go(func() {
			for i := range next {
				start := time.Now()
				_, _ = photo.Process(data)
				ds[i] = time.Since(start)
			}
		})
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	t.peakKB = procKB(os.Getpid(), "VmHWM")
	runtime.ReadMemStats(&after)
	t.allocMB = float64(after.TotalAlloc-before.TotalAlloc) / float64(n) / 1e6
	slices.Sort(ds)
	t.p50, t.p95, t.max = ds[len(ds)/2], ds[min(len(ds)-1, len(ds)*95/100)], ds[len(ds)-1]
	return t, nil
}

func jpegDecodeTime(data []byte, n int) (time.Duration, error) {
	ds := make([]time.Duration, n)
	for i := range ds {
		start := time.Now()
		if _, err := jpeg.Decode(bytes.NewReader(data)); err != nil {
			return 0, err
		}
		ds[i] = time.Since(start)
	}
	slices.Sort(ds)
	return ds[n/2], nil
}

// photoPicture is a w×h picture that encoders work on as on a photo: smooth gradients
// of light, hard-edged shapes, fine texture and sensor noise.
func photoPicture(w, h int) *image.RGBA {
	m := image.NewRGBA(image.Rect(0, 0, w, h))
	rng := rand.New(rand.NewPCG(12, 3000))
	type disc struct{ x, y, r, c float64 }
	discs := make([]disc, 40)
	for i := range discs {
		discs[i] = disc{rng.Float64() * float64(w), rng.Float64() * float64(h), 40 + rng.Float64()*400, rng.Float64()*120 - 60}
	}
	clamp := func(v float64) uint8 { return uint8(max(0, min(255, v))) }
	for y := range h {
		for x := range w {
			fx, fy := float64(x)/float64(w), float64(y)/float64(h)
			light := 90*math.Sin(fx*5+fy*2) + 40*math.Cos(fy*7)
			texture := 14 * math.Sin(float64(x)/3.1+math.Sin(float64(y)/5.3)*4)
			var shade float64
			for _, d := range discs {
				if dx, dy := float64(x)-d.x, float64(y)-d.y; dx*dx+dy*dy < d.r*d.r {
					shade = d.c
				}
			}
			noise := rng.NormFloat64() * 6
			p := m.Pix[y*m.Stride+x*4:]
			p[0] = clamp(128 + light + shade + texture + noise)
			p[1] = clamp(118 + 0.8*light - shade/2 + texture + noise + rng.NormFloat64()*3)
			p[2] = clamp(100 + 0.5*light + shade/3 - texture + noise + rng.NormFloat64()*3)
			p[3] = 0xff
		}
	}
	return m
}

// photoBomb is a PNG whose header claims 100000×100000 pixels (40 GB decoded) over a
// few bytes of compressed data.
func photoBomb() []byte {
	var b bytes.Buffer
	// A real 1×1 PNG, then its header rewritten (dimensions, checksum).
	_ = png.Encode(&b, image.NewGray(image.Rect(0, 0, 1, 1)))
	data := b.Bytes()
	binary.BigEndian.PutUint32(data[16:], 100000)
	binary.BigEndian.PutUint32(data[20:], 100000)
	binary.BigEndian.PutUint32(data[29:], crc32.ChecksumIEEE(data[12:29]))
	return data
}
