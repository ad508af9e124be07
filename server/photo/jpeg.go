package photo

import (
	"bytes"
	"encoding/binary"
)

// maxJPEGScans is the most scans (SOS segments) a JPEG may have. A baseline JPEG has one
// (or one per component), libjpeg's progressive JPEGs ten, mozjpeg's about as many. Each
// scan of a progressive JPEG makes image/jpeg visit every block of its component, and
// an empty scan is a few bytes: a 110 kB file of 200 scans over 7000×7000 pixels takes
// image/jpeg 13 s (a 10 MB one, hours). Fifty bounds that at a few seconds.
const maxJPEGScans = 50

// jpegWalk calls f with each marker segment of a JPEG from the start to its first scan,
// until f answers true, and answers the offset of the first scan's SOS marker (-1 if it
// stopped before, or the segments are malformed).
func jpegWalk(data []byte, f func(marker byte, payload []byte) (stop bool)) int {
	i := 2 // after SOI
	for i+4 <= len(data) && data[i] == 0xFF {
		marker := data[i+1]
		switch {
		case marker == 0xFF: // fill byte
			i++
			continue
		case marker == 0x01 || (marker >= 0xD0 && marker <= 0xD8): // no length
			i += 2
			continue
		case marker == 0xDA:
			return i
		case marker == 0xD9:
			return -1
		}
		n := int(data[i+2])<<8 | int(data[i+3])
		if n < 2 || i+2+n > len(data) {
			return -1
		}
		if f(marker, data[i+4:i+2+n]) {
			return -1
		}
		i += 2 + n
	}
	return -1
}

// jpegFrame answers the first frame header (SOF0, SOF1 or SOF2, the ones image/jpeg
// decodes) and whether it is progressive.
func jpegFrame(data []byte) (sof []byte, progressive, ok bool) {
	jpegWalk(data, func(marker byte, payload []byte) bool {
		if marker >= 0xC0 && marker <= 0xC2 {
			sof, progressive, ok = payload, marker == 0xC2, true
			return true
		}
		return false
	})
	return sof, progressive, ok
}

// jpegScans counts the SOS markers from the first scan on. Entropy-coded data never holds
// FF DA (a data byte FF is followed by 00), so this counts the scans; the metadata before
// the first scan (where FF DA may appear, in an EXIF thumbnail say) is skipped.
func jpegScans(data []byte) int {
	at := jpegWalk(data, func(byte, []byte) bool { return false })
	if at < 0 {
		return 0
	}
	return bytes.Count(data[at:], []byte{0xFF, 0xDA})
}

// exifOrientation reads the orientation (1 to 8) a camera wrote in a JPEG's EXIF (the
// APP1 segment "Exif\0\0": a TIFF header, then IFD0, whose tag 0x0112 it is). It answers
// 1, upright, when there is none or it cannot be read: a bad EXIF never refuses a photo.
func exifOrientation(data []byte) int {
	orientation := 1
	jpegWalk(data, func(marker byte, payload []byte) bool {
		if marker == 0xE1 && bytes.HasPrefix(payload, []byte("Exif\x00\x00")) {
			orientation = tiffOrientation(payload[6:])
			return true
		}
		return false
	})
	return orientation
}

// tiffOrientation reads tag 0x0112 of IFD0 of an EXIF TIFF structure; 1 when absent or
// unreadable.
func tiffOrientation(t []byte) int {
	if len(t) < 8 {
		return 1
	}
	var order binary.ByteOrder
	switch string(t[:4]) {
	case "II*\x00":
		order = binary.LittleEndian
	case "MM\x00*":
		order = binary.BigEndian
	default:
		return 1
	}
	ifd := int64(order.Uint32(t[4:8]))
	if ifd < 8 || ifd+2 > int64(len(t)) {
		return 1
	}
	count := int64(order.Uint16(t[ifd:]))
	for e := ifd + 2; e+12 <= int64(len(t)) && count > 0; e, count = e+12, count-1 {
		entry := t[e : e+12]
		if order.Uint16(entry[0:2]) != 0x0112 {
			continue
		}
		if order.Uint16(entry[2:4]) != 3 || order.Uint32(entry[4:8]) != 1 { // one SHORT
			return 1
		}
		if o := int(order.Uint16(entry[8:10])); o >= 1 && o <= 8 {
			return o
		}
		return 1
	}
	return 1
}
