// Package photo turns an uploaded account photo into the square WebP renditions the file
// host serves: the upload is checked by content (JPEG, PNG or WebP), its dimensions are
// read from the header and refused above a pixel and memory budget before anything is
// decoded (a decompression bomb costs a few hundred bytes of reading), then it is decoded,
// turned upright (JPEG EXIF orientation), centre-cropped to a square, scaled and encoded
// as lossy WebP. Only pixels cross from the upload to the output: EXIF (GPS, camera),
// XMP and ICC profiles are never copied.
//
// The WebP encoder is libwebp transpiled to Go (github.com/gen2brain/webp, no cgo). Build
// binaries with -tags nodynamic: without the tag the package looks for a system
// libwebp.so at start-up and, where one is installed, runs that C library instead, so the
// encoder would differ from machine to machine.
package photo

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"

	xdraw "golang.org/x/image/draw"
	xwebp "golang.org/x/image/webp"

	"github.com/gen2brain/webp"

	"github.com/associateportal/portal/server/files"
)

// Sizes are the square edges, in pixels, of the WebP renditions, largest first: 512 for
// the account page and profile cards (a 256 CSS px box at 2× density), 128 for lists and
// the team tree (64 CSS px at 2×), 48 for the header avatar (24 CSS px at 2×). Every
// rendition is exactly Size×Size, whatever the upload: a smaller upload is scaled up, so
// that the pages never lay out a photo of unknown dimensions.
var Sizes = []int{512, 128, 48}

// MaxBytes is the largest upload accepted.
const MaxBytes = 10 << 20

// MaxPixels is the most pixels (width × height) an upload may declare. It lets through
// the largest photos phones write (50 MP: 8160×6120; 48 MP: 8064×6048) and refuses a
// header that claims more, before decoding. Kinds of image that cost more memory per
// pixel to decode have a lower limit (see MaxDecodeBytes).
const MaxPixels = 50_000_000

// MaxDecodeBytes bounds the memory one decode may take: the decoded pixels and the
// decoder's own state, estimated from the header. 8-bit JPEG, PNG and WebP reach
// MaxPixels first; progressive JPEGs (which keep every DCT coefficient, 4 bytes per
// sample), CMYK JPEGs, 16-bit and interlaced PNGs and lossless WebPs get the lower limit
// this budget gives them (progressive 4:2:0 JPEG: 35 MP; progressive 4:4:4: 17 MP).
const MaxDecodeBytes = 256 << 20

// Quality is the lossy WebP quality of every rendition.
const Quality = 80

// Rendition is one encoded size of a photo: a Size×Size lossy WebP.
type Rendition struct {
	Size int
	WebP []byte
}

// Error is a refusal of the upload, in words the person can act on: the API answers it
// as a 422 on the field "file" with Msg as the message. Any other error of Process is
// an internal failure.
type Error struct {
	Msg  string
	kind kind
	err  error // the cause, for the log
}

type kind int

const (
	kindFormat kind = iota + 1
	kindTooLarge
	kindTooManyPixels
	kindUnreadable
)

func (e *Error) Error() string { return e.Msg }

// Unwrap answers the cause (a decoder's error), for the log.
func (e *Error) Unwrap() error { return e.err }

// Is matches the sentinel of the same kind: errors.Is(err, ErrTooManyPixels) holds
// whatever limit the message states.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.kind == e.kind
}

// The refusals Process answers; compare with errors.Is.
var (
	ErrFormat        = &Error{Msg: "A photo must be a JPG, PNG or WebP image", kind: kindFormat}
	ErrTooLarge      = &Error{Msg: fmt.Sprintf("The photo is larger than %d MB", MaxBytes>>20), kind: kindTooLarge}
	ErrTooManyPixels = &Error{Msg: tooManyPixelsMsg(MaxPixels), kind: kindTooManyPixels}
	ErrUnreadable    = &Error{Msg: "The photo cannot be read", kind: kindUnreadable}
)

func tooManyPixelsMsg(limit int64) string {
	return fmt.Sprintf("The photo is too large to process (at most %d megapixels)", limit/1_000_000)
}

func unreadable(err error) *Error {
	return &Error{Msg: ErrUnreadable.Msg, kind: kindUnreadable, err: err}
}

// Process checks an upload by content and answers its renditions, one per entry of
// Sizes, in that order. A refusal is an *Error; any other error is internal.
//
// A 12-megapixel JPEG takes 0.35–0.45 s of one core and allocates about 68 MB (the
// decoded image, the scaler's buffers, the encoder's memory): the process's RSS peaks about
// 90 MB higher with the collector's default slack (docs/benchmarks.md, part f). The largest
// uploads allowed decode into up to MaxDecodeBytes. Process does not limit how many run at
// once: the caller does (two at a time is what two cores run without waiting).
func Process(data []byte) ([]Rendition, error) {
	if len(data) > MaxBytes {
		return nil, ErrTooLarge
	}
	if len(data) == 0 {
		return nil, ErrFormat
	}
	ct := files.Sniff(data[:min(len(data), 512)])
	if ct != files.TypeJPEG && ct != files.TypePNG && ct != files.TypeWebP {
		return nil, ErrFormat
	}
	if err := checkBudget(ct, data); err != nil {
		return nil, err
	}
	img, err := decode(ct, data)
	if err != nil {
		return nil, err
	}
	orientation := 1
	if ct == files.TypeJPEG {
		orientation = exifOrientation(data)
	}
	largest := square(img, Sizes[0])
	largest = orient(largest, orientation)
	out := make([]Rendition, 0, len(Sizes))
	for _, size := range Sizes {
		m := largest
		if size != largest.Bounds().Dx() {
			m = image.NewRGBA(image.Rect(0, 0, size, size))
			xdraw.CatmullRom.Scale(m, m.Bounds(), largest, largest.Bounds(), xdraw.Src, nil)
		}
		b, err := encode(m)
		if err != nil {
			return nil, fmt.Errorf("photo: encode %d px: %w", size, err)
		}
		out = append(out, Rendition{Size: size, WebP: b})
	}
	return out, nil
}

// checkBudget reads the dimensions from the header and refuses an image over MaxPixels,
// or over the pixels MaxDecodeBytes allows its kind, or a JPEG of more than maxJPEGScans
// scans, before anything is decoded.
func checkBudget(ct string, data []byte) error {
	var cfg image.Config
	var err error
	switch ct {
	case files.TypeJPEG:
		cfg, err = jpeg.DecodeConfig(bytes.NewReader(data))
	case files.TypePNG:
		cfg, err = png.DecodeConfig(bytes.NewReader(data))
	default:
		cfg, err = xwebp.DecodeConfig(bytes.NewReader(data))
	}
	if err != nil {
		return unreadable(err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return unreadable(fmt.Errorf("%d×%d pixels", cfg.Width, cfg.Height))
	}
	pixels := int64(cfg.Width) * int64(cfg.Height)
	limit := int64(MaxPixels)
	if perPixel := bytesPerPixel(ct, data); int64(float64(limit)*perPixel) > MaxDecodeBytes {
		limit = int64(MaxDecodeBytes / perPixel)
	}
	if pixels > limit {
		return &Error{Msg: tooManyPixelsMsg(limit), kind: kindTooManyPixels,
			err: fmt.Errorf("%d×%d pixels (%s)", cfg.Width, cfg.Height, ct)}
	}
	if ct == files.TypeJPEG {
		if n := jpegScans(data); n > maxJPEGScans {
			return unreadable(fmt.Errorf("%d scans (at most %d)", n, maxJPEGScans))
		}
	}
	return nil
}

// decode decodes the whole image. The decoders are the standard library's and
// golang.org/x/image/webp, all pure Go; a panic in one of them on hostile input is
// answered as an unreadable photo rather than taking the server down.
func decode(ct string, data []byte) (img image.Image, err error) {
	defer func() {
		if r := recover(); r != nil {
			img, err = nil, unreadable(fmt.Errorf("decoder panic: %v", r))
		}
	}()
	r := bytes.NewReader(data)
	switch ct {
	case files.TypeJPEG:
		img, err = jpeg.Decode(r)
	case files.TypePNG:
		img, err = png.Decode(r)
	default:
		img, err = xwebp.Decode(r)
	}
	if err != nil {
		return nil, unreadable(err)
	}
	if b := img.Bounds(); b.Empty() {
		return nil, unreadable(errors.New("empty image"))
	}
	return img, nil
}

// encode writes m as lossy WebP. The encoder reads *image.RGBA as if it were not
// premultiplied, so a photo with transparency is handed over as NRGBA.
func encode(m *image.RGBA) ([]byte, error) {
	var src image.Image = m
	if !m.Opaque() {
		n := image.NewNRGBA(m.Bounds())
		xdraw.Draw(n, n.Bounds(), m, image.Point{}, xdraw.Src)
		src = n
	}
	var buf bytes.Buffer
	if err := webp.Encode(&buf, src, webp.Options{Quality: Quality, Method: webp.DefaultMethod}); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
