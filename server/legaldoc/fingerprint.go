package legaldoc

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
)

// fingerprintDomain names the encoding, so a later change of it cannot collide with a
// fingerprint made under this one.
const fingerprintDomain = "associateportal/legaldoc/v1"

// Fingerprint is the SHA-256 (lower-case hex) of a canonical encoding of what was shown
// to the signer: its title, version and body, exactly as given (no trimming, no
// Unicode or line-ending normalisation). It is stored at signing and printed on the PDF.
//
// The encoding is the domain string and then each field as a netstring
// ("<byte length>:<bytes>,"), so field boundaries are unambiguous: title "ab" with body
// "c" differs from title "a" with body "bc". To recompute it elsewhere:
//
//	sha256("associateportal/legaldoc/v1" + "5:Title," + "7:2026-01," + "4:Body,")
func Fingerprint(title, version, body string) string {
	h := sha256.New()
	h.Write([]byte(fingerprintDomain))
	for _, field := range []string{title, version, body} {
		h.Write(strconv.AppendInt(nil, int64(len(field)), 10))
		h.Write([]byte{':'})
		h.Write([]byte(field))
		h.Write([]byte{','})
	}
	return hex.EncodeToString(h.Sum(nil))
}
