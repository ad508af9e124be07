package photo

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gen2brain/webp"
)

// photoLike is a w×h picture with gradients and noise, so that encoders do real work.
func photoLike(w, h int) *image.RGBA {
	m := image.NewRGBA(image.Rect(0, 0, w, h))
	rng := rand.New(rand.NewPCG(uint64(w), uint64(h)))
	for y := range h {
		for x := range w {
			fx, fy := float64(x)/float64(w), float64(y)/float64(h)
			n := rng.NormFloat64() * 10
			p := m.Pix[y*m.Stride+x*4:]
			p[0] = clamp(120 + 80*math.Sin(fx*7+fy*3) + n)
			p[1] = clamp(110 + 70*math.Cos(fy*5-fx*2) + n)
			p[2] = clamp(100 + 60*math.Sin((fx+fy)*4) + n)
			p[3] = 0xff
		}
	}
	return m
}

func clamp(v float64) uint8 { return uint8(max(0, min(255, v))) }

// fill is a w×h image of one colour per rectangle, painted in order over black.
func fill(w, h int, parts ...any) *image.NRGBA {
	m := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := 0; i+1 < len(parts); i += 2 {
		r, c := parts[i].(image.Rectangle), parts[i+1].(color.NRGBA)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				m.SetNRGBA(x, y, c)
			}
		}
	}
	return m
}

var (
	red   = color.NRGBA{255, 0, 0, 255}
	green = color.NRGBA{0, 255, 0, 255}
	blue  = color.NRGBA{0, 0, 255, 255}
	white = color.NRGBA{255, 255, 255, 255}
)

func jpegOf(t testing.TB, m image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, m, &jpeg.Options{Quality: 92}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func pngOf(t testing.TB, m image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, m); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func webpOf(t testing.TB, m image.Image, lossless bool) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := webp.Encode(&b, m, webp.Options{Quality: 90, Lossless: lossless}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// segment is a JPEG marker segment: FF, the marker, the length, the payload.
func segment(marker byte, payload []byte) []byte {
	n := len(payload) + 2
	return append([]byte{0xFF, marker, byte(n >> 8), byte(n)}, payload...)
}

// withSegments puts segments right after a JPEG's SOI, where cameras write metadata.
func withSegments(jpg []byte, segs ...[]byte) []byte {
	out := append([]byte{}, jpg[:2]...)
	for _, s := range segs {
		out = append(out, s...)
	}
	return append(out, jpg[2:]...)
}

// byteOrder is binary.BigEndian or binary.LittleEndian.
type byteOrder interface {
	binary.ByteOrder
	binary.AppendByteOrder
}

// exifSegment is an APP1 EXIF segment whose IFD0 holds an orientation (when not 0) and an
// ImageDescription carrying text, in the given byte order.
func exifSegment(order byteOrder, orientation int, text string) []byte {
	var t []byte
	if order == binary.LittleEndian {
		t = []byte("II*\x00")
	} else {
		t = []byte("MM\x00*")
	}
	t = order.AppendUint32(t, 8)
	type entry struct {
		tag, typ   uint16
		count, val uint32
	}
	entries := []entry{}
	desc := append([]byte(text), 0)
	// Entries, then the next-IFD offset (4 bytes), then the description.
	n := 1
	if orientation != 0 {
		n++
	}
	descAt := uint32(8 + 2 + 12*n + 4)
	entries = append(entries, entry{0x010E, 2, uint32(len(desc)), descAt})
	if orientation != 0 {
		var v [4]byte
		order.PutUint16(v[:], uint16(orientation))
		entries = append(entries, entry{0x0112, 3, 1, binary.LittleEndian.Uint32(v[:])})
	}
	t = order.AppendUint16(t, uint16(len(entries)))
	for _, e := range entries {
		t = order.AppendUint16(t, e.tag)
		t = order.AppendUint16(t, e.typ)
		t = order.AppendUint32(t, e.count)
		if e.tag == 0x0112 {
			t = binary.LittleEndian.AppendUint32(t, e.val) // the SHORT sits in the first two bytes
		} else {
			t = order.AppendUint32(t, e.val)
		}
	}
	t = order.AppendUint32(t, 0)
	t = append(t, desc...)
	return segment(0xE1, append([]byte("Exif\x00\x00"), t...))
}

// pngChunk is a PNG chunk with its CRC.
func pngChunk(typ string, data []byte) []byte {
	b := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
	b = append(b, typ...)
	b = append(b, data...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(append([]byte(typ), data...)))
}

// pngHeader is a PNG of the given header and a tiny IDAT (a few zero bytes, compressed):
// what a decompression bomb looks like before anything is inflated.
func pngHeader(w, h uint32, depth, colorType, interlace byte) []byte {
	ihdr := binary.BigEndian.AppendUint32(nil, w)
	ihdr = binary.BigEndian.AppendUint32(ihdr, h)
	ihdr = append(ihdr, depth, colorType, 0, 0, interlace)
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	_, _ = zw.Write(make([]byte, 64))
	_ = zw.Close()
	b := []byte("\x89PNG\r\n\x1a\n")
	b = append(b, pngChunk("IHDR", ihdr)...)
	b = append(b, pngChunk("IDAT", z.Bytes())...)
	return append(b, pngChunk("IEND", nil)...)
}

// withPNGChunks puts chunks right after a PNG's IHDR.
func withPNGChunks(p []byte, chunks ...[]byte) []byte {
	const afterIHDR = 8 + 8 + 13 + 4
	out := append([]byte{}, p[:afterIHDR]...)
	for _, c := range chunks {
		out = append(out, c...)
	}
	return append(out, p[afterIHDR:]...)
}

// jpegFrameAt finds the offset of a JPEG's SOF0 segment (FF C0).
func jpegFrameAt(t testing.TB, jpg []byte) int {
	t.Helper()
	i := bytes.Index(jpg, []byte{0xFF, 0xC0})
	if i < 0 {
		t.Fatal("no SOF0")
	}
	return i
}

// jpegClaiming rewrites a JPEG's frame header: its dimensions, progressive or not, and
// the luma sampling factors (0x22 is 4:2:0, 0x11 4:4:4). The scan data stays as it was:
// the header lies.
func jpegClaiming(t testing.TB, jpg []byte, w, h int, progressive bool, luma byte) []byte {
	t.Helper()
	out := append([]byte{}, jpg...)
	i := jpegFrameAt(t, out)
	if progressive {
		out[i+1] = 0xC2
	}
	// FF C0, length (2), precision (1), height (2), width (2), components (1), then per
	// component: id, sampling, table.
	out[i+5], out[i+6] = byte(h>>8), byte(h)
	out[i+7], out[i+8] = byte(w>>8), byte(w)
	out[i+11] = luma
	return out
}

// webpExtended wraps a simple lossy WebP's bitstream in the extended format with extra
// chunks after it (EXIF, XMP), the way cameras and editors write metadata into WebP.
func webpExtended(t testing.TB, simple []byte, w, h int, extra ...[]byte) []byte {
	t.Helper()
	if string(simple[12:16]) != "VP8 " {
		t.Fatalf("not a simple lossy WebP: %q", simple[12:16])
	}
	vp8x := []byte{0x08 | 0x04, 0, 0, 0} // EXIF and XMP flags
	vp8x = append(vp8x, byte(w-1), byte((w-1)>>8), byte((w-1)>>16), byte(h-1), byte((h-1)>>8), byte((h-1)>>16))
	body := []byte("WEBP")
	body = append(body, riffChunk("VP8X", vp8x)...)
	body = append(body, simple[12:]...)
	for _, c := range extra {
		body = append(body, c...)
	}
	return append(append([]byte("RIFF"), binary.LittleEndian.AppendUint32(nil, uint32(len(body)))...), body...)
}

func riffChunk(fourcc string, data []byte) []byte {
	b := append([]byte(fourcc), binary.LittleEndian.AppendUint32(nil, uint32(len(data)))...)
	b = append(b, data...)
	if len(data)%2 == 1 {
		b = append(b, 0)
	}
	return b
}

// webpChunks lists the chunk types of a WebP file.
func webpChunks(t testing.TB, b []byte) []string {
	t.Helper()
	if len(b) < 12 || string(b[:4]) != "RIFF" || string(b[8:12]) != "WEBP" {
		t.Fatalf("not a WebP file: % x", b[:min(16, len(b))])
	}
	var out []string
	for i := 12; i+8 <= len(b); {
		n := int(binary.LittleEndian.Uint32(b[i+4:]))
		out = append(out, string(b[i:i+4]))
		i += 8 + n + n%2
	}
	return out
}

// near tells whether two colours differ by at most tol in every channel.
func near(a, b color.NRGBA, tol int) bool {
	d := func(x, y uint8) bool { return int(x)-int(y) <= tol && int(y)-int(x) <= tol }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B) && d(a.A, b.A)
}

// scanBomb is a valid grey progressive JPEG of w×h pixels, all mid-grey, whose first AC
// scan is repeated scans times: each scan is about 10 bytes of header and 2 bytes per
// 32,767 blocks (one end-of-band run), yet the decoder visits every block of the image
// in each. A 10 MB file can hold hundreds of thousands of them.
func scanBomb(w, h, scans int) []byte {
	b := []byte{0xFF, 0xD8}
	dqt := append([]byte{0x00}, bytes.Repeat([]byte{1}, 64)...)
	b = append(b, segment(0xDB, dqt)...)
	b = append(b, segment(0xC2, []byte{8, byte(h >> 8), byte(h), byte(w >> 8), byte(w), 1, 1, 0x11, 0})...)
	// One code of one bit each: DC category 0 (no change), AC EOB14 (a run of 2^14 +
	// 14 more bits).
	counts := append([]byte{1}, make([]byte, 15)...)
	b = append(b, segment(0xC4, append(append([]byte{0x00}, counts...), 0x00))...)
	b = append(b, segment(0xC4, append(append([]byte{0x10}, counts...), 0xE0))...)
	blocks := ((w + 7) / 8) * ((h + 7) / 8)
	var bw bitWriter
	for range blocks {
		bw.write(0, 1)
	}
	b = append(b, segment(0xDA, []byte{1, 1, 0x00, 0, 0, 0x00})...)
	b = append(b, bw.flush()...)
	for range scans {
		for left := blocks; left > 0; left -= 32767 {
			run := min(left, 32767)
			bw.write(0, 1)
			bw.write(uint32(run-16384), 14)
		}
		b = append(b, segment(0xDA, []byte{1, 1, 0x00, 1, 63, 0x00})...)
		b = append(b, bw.flush()...)
	}
	return append(b, 0xFF, 0xD9)
}

// bitWriter writes entropy-coded JPEG data: most significant bit first, 0xFF stuffed.
type bitWriter struct {
	out  []byte
	acc  uint32
	nacc int
}

func (w *bitWriter) write(v uint32, n int) {
	for i := n - 1; i >= 0; i-- {
		w.acc = w.acc<<1 | (v>>i)&1
		w.nacc++
		if w.nacc == 8 {
			w.out = append(w.out, byte(w.acc))
			if byte(w.acc) == 0xFF {
				w.out = append(w.out, 0)
			}
			w.acc, w.nacc = 0, 0
		}
	}
}

// flush pads the last byte with ones and answers the bytes written.
func (w *bitWriter) flush() []byte {
	for w.nacc != 0 {
		w.write(1, 1)
	}
	out := w.out
	w.out = nil
	return out
}
