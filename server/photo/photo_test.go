package photo

import (
	"bytes"
	"encoding/binary"
	"errors"
	"image"
	"image/color"
	"image/png"
	"runtime"
	"strings"
	"testing"

	"github.com/gen2brain/webp"
	xwebp "golang.org/x/image/webp"
)

// TestProcessAccepts: every kind of upload accepted gives one lossy WebP per size,
// exactly Size×Size.
func TestProcessAccepts(t *testing.T) {
	picture := photoLike(320, 240)
	gray := image.NewGray(picture.Bounds())
	for i := range gray.Pix {
		gray.Pix[i] = picture.Pix[i*4]
	}
	deep := image.NewNRGBA64(image.Rect(0, 0, 90, 70))
	for i := range deep.Pix {
		deep.Pix[i] = byte(i * 7)
	}
	paletted := image.NewPaletted(image.Rect(0, 0, 60, 60), color.Palette{red, green, blue, white})
	for i := range paletted.Pix {
		paletted.Pix[i] = uint8(i % 4)
	}
	tests := []struct {
		name string
		data []byte
	}{
		{"jpeg", jpegOf(t, picture)},
		{"grey jpeg", jpegOf(t, gray)},
		{"png", pngOf(t, picture)},
		{"16-bit png", pngOf(t, deep)},
		{"paletted png", pngOf(t, paletted)},
		{"lossy webp", webpOf(t, picture, false)},
		{"lossless webp", webpOf(t, picture, true)},
		{"tiny png, 10×10 (scaled up)", pngOf(t, photoLike(10, 10))},
		{"one pixel", pngOf(t, photoLike(1, 1))},
		{"a line, 4000×1", pngOf(t, photoLike(4000, 1))},
		{"large jpeg, shrunk first", jpegOf(t, photoLike(2100, 1300))},
		{"holiday.jpg.exe: the name is never looked at", jpegOf(t, picture)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := Process(tt.data)
			if err != nil {
				t.Fatal(err)
			}
			checkRenditions(t, out)
		})
	}
}

// checkRenditions checks that out has one lossy WebP per entry of Sizes, in order, of
// the right dimensions, decodable, and carrying nothing but the bitstream.
func checkRenditions(t *testing.T, out []Rendition) []image.Image {
	t.Helper()
	if len(out) != len(Sizes) {
		t.Fatalf("%d renditions, want %d", len(out), len(Sizes))
	}
	var imgs []image.Image
	for i, r := range out {
		if r.Size != Sizes[i] {
			t.Errorf("rendition %d is %d px, want %d", i, r.Size, Sizes[i])
		}
		for _, c := range webpChunks(t, r.WebP) {
			if c != "VP8 " && c != "VP8X" && c != "ALPH" {
				t.Errorf("%d px: chunk %q (want only a lossy bitstream, and its alpha)", r.Size, c)
			}
		}
		m, err := xwebp.Decode(bytes.NewReader(r.WebP))
		if err != nil {
			t.Fatalf("%d px: %v", r.Size, err)
		}
		if b := m.Bounds(); b.Dx() != r.Size || b.Dy() != r.Size {
			t.Errorf("%d px rendition is %v", r.Size, b)
		}
		imgs = append(imgs, m)
	}
	return imgs
}

func TestProcessRefuses(t *testing.T) {
	picture := jpegOf(t, photoLike(64, 48))
	tests := []struct {
		name string
		data []byte
		want *Error
		msg  string
	}{
		{"nothing", nil, ErrFormat, "A photo must be a JPG, PNG or WebP image"},
		{"photo.jpg that is a PDF", []byte("%PDF-1.7\n%\xE2\xE3\xCF\xD3\n1 0 obj\n"), ErrFormat, ""},
		{"photo.jpg that is text", []byte("just some words, not a photo\n"), ErrFormat, ""},
		{"photo.png that is a GIF", []byte("GIF89a\x01\x00\x01\x00\x80\x00\x00"), ErrFormat, ""},
		{"photo.webp that is an SVG", []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`), ErrFormat, ""},
		{"a RIFF that is not WebP", []byte("RIFF\x24\x00\x00\x00AVI LIST\x00\x00\x00\x00"), ErrFormat, ""},
		{"larger than 10 MB", append(picture, make([]byte, MaxBytes)...), ErrTooLarge, "The photo is larger than 10 MB"},
		{"truncated jpeg", picture[:len(picture)/2], ErrUnreadable, "The photo cannot be read"},
		{"jpeg magic and nothing else", []byte("\xFF\xD8\xFF"), ErrUnreadable, ""},
		{"jpeg header, no scan", picture[:jpegFrameAt(t, picture)+19], ErrUnreadable, ""},
		{"truncated png", pngOf(t, photoLike(64, 48))[:200], ErrUnreadable, ""},
		{"png of 0×0", pngHeader(0, 0, 8, 2, 0), ErrUnreadable, ""},
		{"animated webp", animatedWebP(t), ErrUnreadable, ""},
		{"webp magic and nothing else", []byte("RIFF\x04\x00\x00\x00WEBP"), ErrUnreadable, ""},
		// Decompression bombs: headers that claim more than the budget, over a few bytes.
		{"png claiming 100000×100000", pngHeader(100000, 100000, 8, 2, 0), ErrTooManyPixels,
			"The photo is too large to process (at most 50 megapixels)"},
		{"png claiming 7072×7072 (50.01 MP)", pngHeader(7072, 7072, 8, 6, 0), ErrTooManyPixels, ""},
		{"16-bit interlaced png claiming 5000×5000", pngHeader(5000, 5000, 16, 6, 1), ErrTooManyPixels,
			"The photo is too large to process (at most 16 megapixels)"},
		{"jpeg claiming 65000×65000", jpegClaiming(t, picture, 65000, 65000, false, 0x22), ErrTooManyPixels, ""},
		{"progressive 4:4:4 jpeg claiming 6000×4000 (24 MP)", jpegClaiming(t, picture, 6000, 4000, true, 0x11), ErrTooManyPixels,
			"The photo is too large to process (at most 17 megapixels)"},
		{"progressive 4:2:0 jpeg claiming 7000×6000 (42 MP)", jpegClaiming(t, picture, 7000, 6000, true, 0x22), ErrTooManyPixels,
			"The photo is too large to process (at most 35 megapixels)"},
		{"webp canvas claiming 16000×16000", webpExtended(t, webpOf(t, photoLike(16, 16), false), 16000, 16000), ErrTooManyPixels, ""},
		// A CPU bomb: few pixels' worth of bytes, a pass over 49 MP per scan.
		{"progressive jpeg of 51 scans", scanBomb(7000, 7000, maxJPEGScans), ErrUnreadable, "The photo cannot be read"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := Process(tt.data)
			if !errors.Is(err, tt.want) {
				t.Fatalf("Process = %d renditions, %v; want %v", len(out), err, tt.want)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("%T is not an *Error", err)
			}
			if tt.msg != "" && e.Msg != tt.msg {
				t.Errorf("message %q, want %q", e.Msg, tt.msg)
			}
		})
	}
}

func animatedWebP(t *testing.T) []byte {
	var b bytes.Buffer
	frames := &webp.WEBP{Image: []image.Image{photoLike(16, 16), fill(16, 16, image.Rect(0, 0, 16, 16), red)}, Delay: []int{100, 100}}
	if err := webp.EncodeAll(&b, frames, webp.Options{Quality: 50}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestBombRefusedBeforeDecoding: the bombs are refused from their header, allocating
// next to nothing (decoding the PNG would take 40 GB, the JPEG 6 GB, the scans minutes).
func TestBombRefusedBeforeDecoding(t *testing.T) {
	tests := []struct {
		name string
		bomb []byte
		want *Error
	}{
		{"png", pngHeader(100000, 100000, 8, 6, 0), ErrTooManyPixels},
		{"jpeg", jpegClaiming(t, jpegOf(t, photoLike(64, 48)), 65000, 65000, false, 0x22), ErrTooManyPixels},
		{"webp", webpExtended(t, webpOf(t, photoLike(16, 16), false), 16000, 16000), ErrTooManyPixels},
		// 49 MP is within the budget; 51 scans are not (decoding: 3 s and more).
		{"jpeg of many scans", scanBomb(7000, 7000, maxJPEGScans), ErrUnreadable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			_, err := Process(tt.bomb)
			runtime.ReadMemStats(&after)
			if !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
			if n := after.TotalAlloc - before.TotalAlloc; n > 256<<10 {
				t.Errorf("refusing the bomb allocated %d bytes", n)
			}
		})
	}
}

// TestMetadataDropped: EXIF (with GPS), XMP, ICC and comments of the upload reach no
// rendition.
func TestMetadataDropped(t *testing.T) {
	const canary = "CANARY-GPS"
	pic := photoLike(300, 200)
	jpg := withSegments(jpegOf(t, pic),
		exifSegment(binary.BigEndian, 1, canary+" 48.8584N 2.2945E"),
		segment(0xE1, []byte("http://ns.adobe.com/xap/1.0/\x00<x:xmpmeta>"+canary+"</x:xmpmeta>")),
		segment(0xE2, []byte("ICC_PROFILE\x00\x01\x01"+canary)),
		segment(0xFE, []byte(canary)),
	)
	pngWithText := withPNGChunks(pngOf(t, pic),
		pngChunk("tEXt", []byte("Comment\x00"+canary)),
		pngChunk("eXIf", exifSegment(binary.LittleEndian, 1, canary)[10:]),
	)
	webpWithExif := webpExtended(t, webpOf(t, pic, false), 300, 200,
		riffChunk("EXIF", exifSegment(binary.LittleEndian, 1, canary)[10:]),
		riffChunk("XMP ", []byte("<x:xmpmeta>"+canary+"</x:xmpmeta>")))
	for name, data := range map[string][]byte{"jpeg": jpg, "png": pngWithText, "webp": webpWithExif} {
		t.Run(name, func(t *testing.T) {
			if !bytes.Contains(data, []byte(canary)) {
				t.Fatal("the upload has no canary")
			}
			out, err := Process(data)
			if err != nil {
				t.Fatal(err)
			}
			checkRenditions(t, out)
			for _, r := range out {
				if bytes.Contains(r.WebP, []byte("CANARY")) {
					t.Errorf("%d px rendition carries the canary", r.Size)
				}
			}
		})
	}
}

// TestCropCentre: the centred square of a wide or tall picture, whole colours at the
// edges: red | green | blue, the green third is all that is kept.
func TestCropCentre(t *testing.T) {
	wide := fill(300, 100, image.Rect(0, 0, 100, 100), red, image.Rect(100, 0, 200, 100), green, image.Rect(200, 0, 300, 100), blue)
	tall := fill(100, 300, image.Rect(0, 0, 100, 100), red, image.Rect(0, 100, 100, 200), green, image.Rect(0, 200, 100, 300), blue)
	// 3000×1000: shrunk by a box filter first (k = 2), the same crop.
	large := fill(3000, 1000, image.Rect(0, 0, 1000, 1000), red, image.Rect(1000, 0, 2000, 1000), green, image.Rect(2000, 0, 3000, 1000), blue)
	for name, m := range map[string]image.Image{"wide": wide, "tall": tall, "large": large} {
		t.Run(name, func(t *testing.T) {
			out, err := Process(pngOf(t, m))
			if err != nil {
				t.Fatal(err)
			}
			for _, img := range checkRenditions(t, out) {
				n := img.Bounds().Dx()
				for _, p := range []image.Point{{0, 0}, {n - 1, 0}, {0, n - 1}, {n - 1, n - 1}, {n / 2, n / 2}} {
					if c := color.NRGBAModel.Convert(img.At(p.X, p.Y)).(color.NRGBA); !near(c, green, 24) {
						t.Errorf("%d px at %v: %v, want green", n, p, c)
					}
				}
			}
		})
	}
}

// TestOrientation: a JPEG stored sideways with EXIF orientation 6 (turn a quarter
// clockwise to show) comes out upright.
func TestOrientation(t *testing.T) {
	// Stored: red on top, blue below. Shown turned clockwise: blue left, red right.
	stored := fill(64, 64, image.Rect(0, 0, 64, 32), red, image.Rect(0, 32, 64, 64), blue)
	for _, order := range []byteOrder{binary.BigEndian, binary.LittleEndian} {
		out, err := Process(withSegments(jpegOf(t, stored), exifSegment(order, 6, "a camera")))
		if err != nil {
			t.Fatal(err)
		}
		for _, img := range checkRenditions(t, out) {
			n := img.Bounds().Dx()
			left := color.NRGBAModel.Convert(img.At(n/8, n/2)).(color.NRGBA)
			right := color.NRGBAModel.Convert(img.At(n-1-n/8, n/2)).(color.NRGBA)
			if !near(left, blue, 48) || !near(right, red, 48) {
				t.Errorf("%v, %d px: left %v, right %v; want blue, red", order, n, left, right)
			}
		}
	}
}

// TestTransparency: a translucent PNG keeps its alpha, its colour not darkened (the
// encoder is given straight, not premultiplied, colour).
func TestTransparency(t *testing.T) {
	half := color.NRGBA{255, 0, 0, 128}
	out, err := Process(pngOf(t, fill(40, 40, image.Rect(0, 0, 40, 40), half)))
	if err != nil {
		t.Fatal(err)
	}
	for _, img := range checkRenditions(t, out) {
		n := img.Bounds().Dx()
		if c := color.NRGBAModel.Convert(img.At(n/2, n/2)).(color.NRGBA); !near(c, half, 24) {
			t.Errorf("%d px: %v, want %v", n, c, half)
		}
	}
}

func TestOrient(t *testing.T) {
	a, b, c, d := red, green, blue, white
	// The stored 2×2 image is a b / c d; want is what is shown, in the same order.
	tests := []struct {
		orientation int
		want        [4]color.NRGBA
	}{
		{0, [4]color.NRGBA{a, b, c, d}}, // absent
		{1, [4]color.NRGBA{a, b, c, d}},
		{2, [4]color.NRGBA{b, a, d, c}},
		{3, [4]color.NRGBA{d, c, b, a}},
		{4, [4]color.NRGBA{c, d, a, b}},
		{5, [4]color.NRGBA{a, c, b, d}},
		{6, [4]color.NRGBA{c, a, d, b}},
		{7, [4]color.NRGBA{d, b, c, a}},
		{8, [4]color.NRGBA{b, d, a, c}},
		{9, [4]color.NRGBA{a, b, c, d}}, // invalid: as stored
	}
	m := image.NewRGBA(image.Rect(0, 0, 2, 2))
	m.Set(0, 0, a)
	m.Set(1, 0, b)
	m.Set(0, 1, c)
	m.Set(1, 1, d)
	for _, tt := range tests {
		got := orient(m, tt.orientation)
		var shown [4]color.NRGBA
		for i, p := range []image.Point{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
			shown[i] = color.NRGBAModel.Convert(got.At(p.X, p.Y)).(color.NRGBA)
		}
		if shown != tt.want {
			t.Errorf("orientation %d: %v, want %v", tt.orientation, shown, tt.want)
		}
	}
}

func TestExifOrientation(t *testing.T) {
	jpg := jpegOf(t, photoLike(16, 16))
	exif := exifSegment(binary.BigEndian, 8, "x")
	tests := []struct {
		name string
		data []byte
		want int
	}{
		{"none", jpg, 1},
		{"big-endian 8", withSegments(jpg, exif), 8},
		{"little-endian 3", withSegments(jpg, exifSegment(binary.LittleEndian, 3, "x")), 3},
		{"after an APP0", withSegments(jpg, segment(0xE0, []byte("JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00")), exif), 8},
		{"after XMP in another APP1", withSegments(jpg, segment(0xE1, []byte("http://ns.adobe.com/xap/1.0/\x00<x/>")), exif), 8},
		{"no orientation tag", withSegments(jpg, exifSegment(binary.BigEndian, 0, "x")), 1},
		{"out of range", withSegments(jpg, exifSegment(binary.BigEndian, 12, "x")), 1},
		{"truncated IFD", withSegments(jpg, segment(0xE1, []byte("Exif\x00\x00MM\x00*\x00\x00\x00\x08\x00\x05"))), 1},
		{"IFD offset past the end", withSegments(jpg, segment(0xE1, []byte("Exif\x00\x00II*\x00\xff\xff\xff\x7f"))), 1},
		{"not TIFF", withSegments(jpg, segment(0xE1, []byte("Exif\x00\x00XX\x00*\x00\x00\x00\x08"))), 1},
		{"segment longer than the file", []byte("\xFF\xD8\xFF\xE1\xFF\xFFExif\x00\x00MM"), 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := exifOrientation(tt.data); got != tt.want {
				t.Errorf("exifOrientation = %d, want %d", got, tt.want)
			}
		})
	}
}

// TestShrinkYCbCr: the YCbCr fast path averages the same pixels as the general one,
// for every chroma subsampling and an odd crop.
func TestShrinkYCbCr(t *testing.T) {
	ratios := []image.YCbCrSubsampleRatio{image.YCbCrSubsampleRatio444, image.YCbCrSubsampleRatio422,
		image.YCbCrSubsampleRatio420, image.YCbCrSubsampleRatio440, image.YCbCrSubsampleRatio411, image.YCbCrSubsampleRatio410}
	for _, ratio := range ratios {
		m := image.NewYCbCr(image.Rect(0, 0, 61, 47), ratio)
		// Colours inside the RGB gamut: where the conversion clamps, the mean of the
		// converted pixels and the conversion of the means part.
		for i := range m.Y {
			m.Y[i] = uint8(64 + i*31%128)
		}
		for i := range m.Cb {
			m.Cb[i], m.Cr[i] = uint8(112+i*17%32), uint8(112+i*13%32)
		}
		r := image.Rect(3, 5, 3+54, 5+36)
		fast, slow := shrinkYCbCr(m, r, 3), shrinkRGBA64(m, r, 3)
		if fast.Bounds() != slow.Bounds() {
			t.Fatalf("%v: %v and %v", ratio, fast.Bounds(), slow.Bounds())
		}
		for i := range fast.Pix {
			if d := int(fast.Pix[i]) - int(slow.Pix[i]); d < -3 || d > 3 {
				t.Fatalf("%v: byte %d is %d, the general path %d", ratio, i, fast.Pix[i], slow.Pix[i])
			}
		}
	}
}

func TestJPEGScans(t *testing.T) {
	jpg := jpegOf(t, photoLike(64, 48))
	// An EXIF thumbnail is a JPEG of its own, with its scan, before the first scan.
	thumb := segment(0xE1, append([]byte("Exif\x00\x00MM\x00*\x00\x00\x00\x08\x00\x00"), jpg...))
	tests := []struct {
		name string
		data []byte
		want int
	}{
		{"baseline", jpg, 1},
		{"with a thumbnail in its EXIF", withSegments(jpg, thumb), 1},
		{"progressive, 5 AC scans", scanBomb(64, 64, 5), 6},
		{"no scan", []byte("\xFF\xD8\xFF\xD9"), 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := jpegScans(tt.data); got != tt.want {
				t.Errorf("jpegScans = %d, want %d", got, tt.want)
			}
		})
	}
	// The hand-made progressive JPEG is one image/jpeg decodes: mid-grey.
	out, err := Process(scanBomb(64, 64, 5))
	if err != nil {
		t.Fatal(err)
	}
	for _, img := range checkRenditions(t, out) {
		if c := color.NRGBAModel.Convert(img.At(5, 5)).(color.NRGBA); !near(c, color.NRGBA{128, 128, 128, 255}, 8) {
			t.Errorf("%v, want mid-grey", c)
		}
	}
}

func TestBytesPerPixel(t *testing.T) {
	jpg := jpegOf(t, photoLike(64, 48))
	tests := []struct {
		name string
		ct   string
		data []byte
		want float64
	}{
		{"baseline 4:2:0 jpeg", "image/jpeg", jpg, 1.5},
		{"baseline 4:4:4 jpeg", "image/jpeg", jpegClaiming(t, jpg, 64, 48, false, 0x11), 3},
		{"progressive 4:2:0 jpeg", "image/jpeg", jpegClaiming(t, jpg, 64, 48, true, 0x22), 7.5},
		{"jpeg without a frame", "image/jpeg", []byte("\xFF\xD8\xFF\xD9"), jpegWorst},
		{"8-bit png", "image/png", pngHeader(10, 10, 8, 6, 0), 4},
		{"16-bit png", "image/png", pngHeader(10, 10, 16, 6, 0), 8},
		{"interlaced 8-bit png", "image/png", pngHeader(10, 10, 8, 2, 1), 8},
		{"lossy webp", "image/webp", webpOf(t, photoLike(16, 16), false), 1.5},
		{"lossless webp", "image/webp", webpOf(t, photoLike(16, 16), true), 8},
		{"extended lossy webp", "image/webp", webpExtended(t, webpOf(t, photoLike(16, 16), false), 16, 16), 1.5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := bytesPerPixel(tt.ct, tt.data); got != tt.want {
				t.Errorf("bytesPerPixel = %v, want %v", got, tt.want)
			}
		})
	}
}

// FuzzProcess: no input panics; every input is either refused with an *Error or gives
// the renditions.
func FuzzProcess(f *testing.F) {
	pic := photoLike(40, 30)
	jpg := jpegOf(f, pic)
	for _, seed := range [][]byte{
		jpg,
		jpg[:len(jpg)/2],
		withSegments(jpg, exifSegment(binary.BigEndian, 6, "CANARY-GPS")),
		pngOf(f, pic),
		pngHeader(100000, 100000, 8, 2, 0),
		pngHeader(3, 3, 16, 6, 1),
		webpOf(f, pic, false),
		webpOf(f, pic, true),
		webpExtended(f, webpOf(f, pic, false), 40, 30, riffChunk("EXIF", []byte("MM\x00*"))),
		[]byte("%PDF-1.7"),
		[]byte("\xFF\xD8\xFF"),
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		out, err := Process(data)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("not an *Error: %v", err)
			}
			if strings.TrimSpace(e.Msg) == "" {
				t.Fatal("an *Error without a message")
			}
			return
		}
		if len(out) != len(Sizes) {
			t.Fatalf("%d renditions", len(out))
		}
		for _, r := range out {
			if _, err := png.DecodeConfig(bytes.NewReader(r.WebP)); err == nil {
				t.Fatal("a rendition is a PNG")
			}
			if cfg, err := xwebp.DecodeConfig(bytes.NewReader(r.WebP)); err != nil || cfg.Width != r.Size || cfg.Height != r.Size {
				t.Fatalf("%d px rendition: %v, %v", r.Size, cfg, err)
			}
		}
	})
}
