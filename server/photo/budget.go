package photo

import (
	"encoding/binary"

	"github.com/associateportal/portal/server/files"
)

// bytesPerPixel estimates, from the header alone, the bytes per pixel the decoder will
// hold at its peak: the decoded image plus the decoder's own buffers. Where the header
// does not say enough, it answers the worst case of the format.
func bytesPerPixel(ct string, data []byte) float64 {
	switch ct {
	case files.TypeJPEG:
		return jpegBytesPerPixel(data)
	case files.TypePNG:
		return pngBytesPerPixel(data)
	}
	return webpBytesPerPixel(data)
}

// webpBytesPerPixel looks at the chunks, not at image.Config (which answers the canvas
// of an extended file as YCbCr whatever its bitstream is): a lossy bitstream ("VP8 ")
// decodes to 4:2:0 YCbCr, 1.5 bytes per pixel, and 1 more with an alpha plane ("ALPH");
// a lossless one ("VP8L") to NRGBA, counted as 8 for the decoder's own buffers.
func webpBytesPerPixel(data []byte) float64 {
	alpha := false
	for i := 12; i+8 <= len(data); {
		switch string(data[i : i+4]) {
		case "ALPH":
			alpha = true
		case "VP8 ":
			if alpha {
				return 2.5
			}
			return 1.5
		case "VP8L":
			return 8
		}
		n := int64(binary.LittleEndian.Uint32(data[i+4 : i+8]))
		if n > int64(len(data)) {
			break
		}
		i += 8 + int(n) + int(n&1)
	}
	return 8
}

// jpegWorst is a progressive CMYK JPEG without subsampling: 4 samples per pixel, each
// 1 byte decoded and 4 bytes of coefficients, and the 4-byte CMYK image it becomes.
const jpegWorst = 4*(1+4) + 4

// jpegBytesPerPixel reads the frame header (SOF) the way image/jpeg does: samples per
// pixel from the components' sampling factors (1 byte each), 4 bytes more per sample in
// a progressive JPEG (its coefficients are kept between scans), and for a 4-component
// (CMYK) JPEG the 4-byte image it is converted into.
func jpegBytesPerPixel(data []byte) float64 {
	sof, progressive, ok := jpegFrame(data)
	if !ok || len(sof) < 6 {
		return jpegWorst
	}
	n := int(sof[5])
	if n == 0 || len(sof) < 6+3*n {
		return jpegWorst
	}
	type hv struct{ h, v int }
	comps := make([]hv, n)
	hmax, vmax := 1, 1
	for i := range comps {
		f := sof[7+3*i]
		comps[i] = hv{max(int(f>>4), 1), max(int(f&0x0f), 1)}
		hmax, vmax = max(hmax, comps[i].h), max(vmax, comps[i].v)
	}
	if n == 1 { // image/jpeg treats a grey image as 1×1 whatever it says
		comps[0], hmax, vmax = hv{1, 1}, 1, 1
	}
	var samples float64
	for _, c := range comps {
		samples += float64(c.h*c.v) / float64(hmax*vmax)
	}
	perPixel := samples
	if progressive {
		perPixel += 4 * samples
	}
	if n == 4 {
		perPixel += 4
	}
	return perPixel
}

// pngBytesPerPixel reads the IHDR chunk, which image/png has already checked comes
// first: 8 bytes per pixel at 16 bits per channel (NRGBA64, RGBA64), 4 at 8 bits or
// fewer (at most NRGBA), twice that for an interlaced image, whose passes are decoded
// apart and then merged.
func pngBytesPerPixel(data []byte) float64 {
	const ihdr = 8 + 8 // signature, chunk length and type
	if len(data) < ihdr+13 {
		return 16
	}
	perPixel := 4.0
	if data[ihdr+8] == 16 { // bit depth
		perPixel = 8
	}
	if data[ihdr+12] == 1 { // Adam7
		perPixel *= 2
	}
	return perPixel
}
