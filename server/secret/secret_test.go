package secret_test

import (
	"bytes"
	"encoding/hex"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/associateportal/portal/server/secret"
)

var master = []byte("portal test master key, 32 bytes+")

func keys(t *testing.T, m []byte) *secret.Keys {
	t.Helper()
	k, err := secret.New(m)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return k
}

func TestNewKeyLength(t *testing.T) {
	tests := []struct {
		name    string
		n       int
		wantErr bool
	}{
		{"empty", 0, true},
		{"one short", secret.MinKeyLen - 1, true},
		{"minimum", secret.MinKeyLen, false},
		{"longer", 64, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k, err := secret.New(bytes.Repeat([]byte("k"), tt.n))
			if (err != nil) != tt.wantErr {
				t.Fatalf("New(%d bytes) error = %v, want error %v", tt.n, err, tt.wantErr)
			}
			if err == nil && k == nil {
				t.Fatal("New answered nil keys and no error")
			}
		})
	}
}

func TestSealOpen(t *testing.T) {
	k := keys(t, master)
	for _, plain := range []string{"", "123-45-6789", "021000021 / 000123456789", strings.Repeat("long ", 10_000)} {
		t.Run(plain[:min(len(plain), 20)], func(t *testing.T) {
			sealed := k.Seal([]byte(plain))
			if bytes.Contains(sealed, []byte(plain)) && plain != "" {
				t.Errorf("sealed value holds the plain text")
			}
			got, err := k.Open(sealed)
			if err != nil {
				t.Fatalf("Open: %v", err)
			}
			if string(got) != plain {
				t.Errorf("Open = %q, want %q", got, plain)
			}
			if again := k.Seal([]byte(plain)); bytes.Equal(again, sealed) {
				t.Error("two seals of one value are equal: the nonce is not fresh")
			}
		})
	}
}

func TestOpenRefusesTampering(t *testing.T) {
	k := keys(t, master)
	sealed := k.Seal([]byte("123-45-6789"))
	// Flip one bit of every byte in turn: nonce, ciphertext and tag are all covered.
	for i := range sealed {
		bad := bytes.Clone(sealed)
		bad[i] ^= 0x01
		if got, err := k.Open(bad); err == nil {
			t.Errorf("Open with byte %d flipped = %q, want an error", i, got)
		}
	}
	tests := []struct {
		name   string
		sealed []byte
	}{
		{"empty", nil},
		{"shorter than a nonce", sealed[:11]},
		{"nonce only", sealed[:12]},
		{"truncated tag", sealed[:len(sealed)-1]},
		{"extra byte", append(bytes.Clone(sealed), 0)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got, err := k.Open(tt.sealed); err == nil {
				t.Errorf("Open = %q, want an error", got)
			}
		})
	}
	other := keys(t, append(bytes.Clone(master), '!'))
	if got, err := other.Open(sealed); err == nil {
		t.Errorf("Open under another master key = %q, want an error", got)
	}
}

// TestCompatibility pins the derivation and the sealed format: values sealed and keys
// derived today must still work after any change to the package. The vectors were
// checked with an independent implementation (Python hmac and AESGCM).
func TestCompatibility(t *testing.T) {
	k := keys(t, master)
	const derivedFiles = "35940c515ff09a217cc3b002bd9c7dceebef214080a807a742f189fcee7e51ac"
	if got := hex.EncodeToString(k.Derive("files")); got != derivedFiles {
		t.Errorf("Derive(files) = %s, want %s", got, derivedFiles)
	}
	sealed, _ := hex.DecodeString("7afc9aaf4318873f2a34a1220e9863f9cf5bdf487f1bff5dc180d1ff80e8f0c7c5d829133ad3e9")
	got, err := k.Open(sealed)
	if err != nil {
		t.Fatalf("Open of a value sealed by an earlier build: %v", err)
	}
	if string(got) != "123-45-6789" {
		t.Errorf("Open = %q, want %q", got, "123-45-6789")
	}
}

func TestDerive(t *testing.T) {
	k := keys(t, master)
	purposes := []string{"files", "sessions", "seal", "", "files "}
	seen := map[string]string{}
	for _, p := range purposes {
		d := k.Derive(p)
		if len(d) != 32 {
			t.Errorf("Derive(%q) has %d bytes, want 32", p, len(d))
		}
		if !bytes.Equal(d, k.Derive(p)) {
			t.Errorf("Derive(%q) is not stable", p)
		}
		if !bytes.Equal(d, keys(t, master).Derive(p)) {
			t.Errorf("Derive(%q) differs between two Keys of one master", p)
		}
		if q, ok := seen[string(d)]; ok {
			t.Errorf("Derive(%q) = Derive(%q)", p, q)
		}
		seen[string(d)] = p
	}
	other := keys(t, bytes.Repeat([]byte("x"), 32))
	if bytes.Equal(k.Derive("files"), other.Derive("files")) {
		t.Error("two master keys derive the same key")
	}
}

func TestNewCopiesTheMaster(t *testing.T) {
	m := bytes.Clone(master)
	k := keys(t, m)
	before := k.Derive("files")
	sealed := k.Seal([]byte("x"))
	for i := range m {
		m[i] = 0
	}
	if !bytes.Equal(before, k.Derive("files")) {
		t.Error("changing the caller's slice changed the derived keys")
	}
	if _, err := k.Open(sealed); err != nil {
		t.Errorf("Open after the caller's slice changed: %v", err)
	}
}

// The keys of a rotation: A is the earlier master key, B the new one.
var (
	masterA = []byte("portal test master key A, 32 bytes+")
	masterB = []byte("portal test master key B, 32 bytes+")
	masterC = []byte("portal test master key C, 32 bytes+")
)

func TestPreviousKeys(t *testing.T) {
	a, b, c := keys(t, masterA), keys(t, masterB), keys(t, masterC)
	sealedA, sealedB, sealedC := a.Seal([]byte("A's")), b.Seal([]byte("B's")), c.Seal([]byte("C's"))
	rotating, err := secret.New(masterB, masterA)
	if err != nil {
		t.Fatal(err)
	}
	if rotating.ID() != b.ID() {
		t.Errorf("ID() = %s, want the current key's %s", rotating.ID(), b.ID())
	}
	if diff := cmp.Diff([]string{b.ID(), a.ID()}, rotating.IDs()); diff != "" {
		t.Errorf("IDs() (-want +got):\n%s", diff)
	}
	// Seal uses the current key only: B alone opens it, A does not.
	fresh := rotating.Seal([]byte("new"))
	if _, err := b.Open(fresh); err != nil {
		t.Errorf("the current key does not open what Seal made: %v", err)
	}
	if _, err := a.Open(fresh); err == nil {
		t.Error("the previous key opens what Seal made")
	}
	if !bytes.Equal(rotating.Derive("files"), b.Derive("files")) {
		t.Error("Derive does not use the current key")
	}
	tests := []struct {
		name    string
		keyID   string
		sealed  []byte
		want    string
		wantID  string // of OpenAny; "" when it fails
		wantErr error  // of OpenWith
	}{
		{"under the current key", b.ID(), sealedB, "B's", b.ID(), nil},
		{"under the previous key", a.ID(), sealedA, "A's", a.ID(), nil},
		{"no key id, current key", "", sealedB, "B's", b.ID(), nil},
		{"no key id, previous key", "", sealedA, "A's", a.ID(), nil},
		{"named the current key, sealed under the previous", b.ID(), sealedA, "", a.ID(), secret.ErrCannotOpen},
		{"named the previous key, sealed under the current", a.ID(), sealedB, "", b.ID(), secret.ErrCannotOpen},
		{"a key not given", c.ID(), sealedC, "", "", secret.ErrUnknownKey},
		{"no key id, a key not given", "", sealedC, "", "", secret.ErrCannotOpen},
		{"an id nobody has", "0000000000000000", sealedB, "", b.ID(), secret.ErrUnknownKey},
		{"too short", b.ID(), sealedB[:5], "", "", secret.ErrCannotOpen},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := rotating.OpenWith(tt.keyID, tt.sealed)
			if !errors.Is(err, tt.wantErr) || string(got) != tt.want {
				t.Errorf("OpenWith(%q) = %q, %v; want %q, %v", tt.keyID, got, err, tt.want, tt.wantErr)
			}
			plain, id, err := rotating.OpenAny(tt.sealed)
			if id != tt.wantID || (err == nil) != (tt.wantID != "") {
				t.Errorf("OpenAny = %q, %q, %v; want key %q", plain, id, err, tt.wantID)
			}
			if _, err := rotating.Open(tt.sealed); (err == nil) != (tt.wantID != "") {
				t.Errorf("Open: %v, want opened %v", err, tt.wantID != "")
			}
		})
	}
	// Without the previous key, what A sealed no longer opens.
	if _, err := b.OpenWith(a.ID(), sealedA); !errors.Is(err, secret.ErrUnknownKey) {
		t.Errorf("B alone opening A's value: %v, want ErrUnknownKey", err)
	}
	if _, err := b.Open(sealedA); !errors.Is(err, secret.ErrCannotOpen) {
		t.Errorf("B alone opening A's value without its id: %v, want ErrCannotOpen", err)
	}
}

func TestNewPreviousKeys(t *testing.T) {
	a, b := keys(t, masterA), keys(t, masterB)
	tests := []struct {
		name     string
		previous [][]byte
		wantIDs  []string
		wantErr  bool
	}{
		{"none", nil, []string{b.ID()}, false},
		{"one", [][]byte{masterA}, []string{b.ID(), a.ID()}, false},
		{"the current key again", [][]byte{masterB}, []string{b.ID()}, false},
		{"one twice", [][]byte{masterA, masterA, masterB}, []string{b.ID(), a.ID()}, false},
		{"too short", [][]byte{masterA, []byte("short")}, nil, true},
		{"empty", [][]byte{nil}, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k, err := secret.New(masterB, tt.previous...)
			if (err != nil) != tt.wantErr {
				t.Fatalf("New error = %v, want error %v", err, tt.wantErr)
			}
			if err != nil {
				return
			}
			if diff := cmp.Diff(tt.wantIDs, k.IDs()); diff != "" {
				t.Errorf("IDs() (-want +got):\n%s", diff)
			}
		})
	}
	// The previous keys are copied too.
	p := bytes.Clone(masterA)
	k, err := secret.New(masterB, p)
	if err != nil {
		t.Fatal(err)
	}
	sealed := a.Seal([]byte("x"))
	clear(p)
	if _, err := k.OpenWith(a.ID(), sealed); err != nil {
		t.Errorf("OpenWith after the caller's slice of the previous key changed: %v", err)
	}
}

// TestIDCompatibility pins the key id: ids stored beside sealed values must keep naming
// their key after any change to the package. The vector (the first 8 bytes of
// HMAC-SHA256 of "portal/key-id" under the master key) was checked with Python's hmac.
func TestIDCompatibility(t *testing.T) {
	const want = "6b3e667948bdfbe8"
	if got := keys(t, master).ID(); got != want {
		t.Errorf("ID() = %s, want %s", got, want)
	}
}
