package legaldoc

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"
)

func TestFingerprintEncoding(t *testing.T) {
	// The encoding documented on Fingerprint, recomputed by hand.
	sum := sha256.Sum256([]byte("associateportal/legaldoc/v1" + "5:Title," + "7:2026-01," + "4:Body,"))
	if got, want := Fingerprint("Title", "2026-01", "Body"), hex.EncodeToString(sum[:]); got != want {
		t.Fatalf("Fingerprint = %s, want %s", got, want)
	}
	// Lengths are in bytes, not runes ("ë" is two).
	sum = sha256.Sum256([]byte("associateportal/legaldoc/v1" + "4:Zoë," + "0:," + "0:,"))
	if got, want := Fingerprint("Zoë", "", ""), hex.EncodeToString(sum[:]); got != want {
		t.Fatalf("Fingerprint = %s, want %s", got, want)
	}
}

func TestFingerprintStable(t *testing.T) {
	a := Fingerprint("Agreement", "2026-01", "Text\n\nMore text")
	if b := Fingerprint("Agreement", "2026-01", "Text\n\nMore text"); a != b {
		t.Fatalf("two fingerprints of the same text differ: %s, %s", a, b)
	}
	if len(a) != 64 {
		t.Fatalf("fingerprint %q is not 64 hex digits", a)
	}
}

func TestFingerprintChanges(t *testing.T) {
	type fields struct{ title, version, body string }
	base := fields{"Agreement", "2026-01", "The associate agrees.\n\nSigned below."}
	tests := []struct {
		name string
		a, b fields
	}{
		{"title", base, fields{"Agreement.", base.version, base.body}},
		{"version", base, fields{base.title, "2026-02", base.body}},
		{"body", base, fields{base.title, base.version, "The associate agrees.\n\nSigned below!"}},
		{"trailing space in the body", base, fields{base.title, base.version, base.body + " "}},
		{"line ending", base, fields{base.title, base.version, "The associate agrees.\r\n\r\nSigned below."}},
		{"composed and decomposed accent", fields{"José", "1", "x"}, fields{"Jose\u0301", "1", "x"}},
		{"title/version boundary", fields{"ab", "c", ""}, fields{"a", "bc", ""}},
		{"version/body boundary", fields{"", "ab", "c"}, fields{"", "a", "bc"}},
		{"title/body boundary", fields{"ab", "", "c"}, fields{"a", "", "bc"}},
		{"field moved", fields{"x", "", ""}, fields{"", "", "x"}},
		{"separator inside a field", fields{"a,1:b", "", ""}, fields{"a", "b", ""}},
		{"empty and absent", fields{"", "", ""}, fields{"", "", " "}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fa := Fingerprint(tt.a.title, tt.a.version, tt.a.body)
			fb := Fingerprint(tt.b.title, tt.b.version, tt.b.body)
			if fa == fb {
				t.Fatalf("%+v and %+v have the same fingerprint %s", tt.a, tt.b, fa)
			}
		})
	}
}
