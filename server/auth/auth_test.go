package auth_test

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/crypto/argon2"

	"github.com/associateportal/portal/server/auth"
)

func TestHashPassword(t *testing.T) {
	h1, err := auth.HashPassword("correct horse battery staple")
	if err != nil {
		t.Fatal(err)
	}
	h2, err := auth.HashPassword("correct horse battery staple")
	if err != nil {
		t.Fatal(err)
	}
	shape := regexp.MustCompile(`^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$`)
	for _, h := range []string{h1, h2} {
		if !shape.MatchString(h) {
			t.Errorf("hash %q is not an argon2id hash with the recommended parameters", h)
		}
	}
	if h1 == h2 {
		t.Error("two hashes of one password are equal: the salt is not random")
	}
	tests := []struct {
		name     string
		hash     string
		password string
		want     bool
	}{
		{"right password", h1, "correct horse battery staple", true},
		{"right password, other salt", h2, "correct horse battery staple", true},
		{"wrong password", h1, "correct horse battery stapler", false},
		{"case matters", h1, "Correct horse battery staple", false},
		{"empty password", h1, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ok, err := auth.CheckPassword(tt.hash, tt.password)
			if err != nil {
				t.Fatalf("CheckPassword: %v", err)
			}
			if ok != tt.want {
				t.Errorf("CheckPassword = %v, want %v", ok, tt.want)
			}
		})
	}
}

// encode builds an argon2id hash the way the PHC string format writes it, so that the
// tests can check hashes of other parameters (cheap ones, or older settings).
func encode(password string, salt []byte, m, t uint32, p uint8, keyLen uint32) string {
	b64 := base64.RawStdEncoding
	key := argon2.IDKey([]byte(password), salt, t, m, p, keyLen)
	return fmt.Sprintf("$argon2id$v=19$m=%d,t=%d,p=%d$%s$%s", m, t, p, b64.EncodeToString(salt), b64.EncodeToString(key))
}

func TestNeedsRehash(t *testing.T) {
	today, err := auth.HashPassword("pw")
	if err != nil {
		t.Fatal(err)
	}
	salt := []byte("0123456789abcdef")
	for name, tc := range map[string]struct {
		hash string
		want bool
	}{
		"today's parameters":          {today, false},
		"the former 64 MiB, t=3, p=2": {encode("pw", salt, 64*1024, 3, 2, 32), true},
		"today's but a longer key":    {encode("pw", salt, 19*1024, 2, 1, 64), true},
		"unreadable":                  {"$argon2id$nope", true},
	} {
		if got := auth.NeedsRehash(tc.hash); got != tc.want {
			t.Errorf("%s: NeedsRehash = %v, want %v", name, got, tc.want)
		}
	}
}

func TestCheckPasswordReadsParametersFromTheHash(t *testing.T) {
	salt := []byte("0123456789abcdef")
	tests := []struct {
		name string
		hash string
	}{
		{"small memory", encode("pw", salt, 64, 1, 1, 32)},
		{"more passes", encode("pw", salt, 128, 4, 2, 32)},
		{"longer key", encode("pw", salt, 64, 1, 1, 64)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if ok, err := auth.CheckPassword(tt.hash, "pw"); err != nil || !ok {
				t.Errorf("CheckPassword(right) = %v, %v; want true", ok, err)
			}
			if ok, err := auth.CheckPassword(tt.hash, "pW"); err != nil || ok {
				t.Errorf("CheckPassword(wrong) = %v, %v; want false", ok, err)
			}
		})
	}
}

func TestCheckPasswordMalformed(t *testing.T) {
	good := encode("pw", []byte("0123456789abcdef"), 64, 1, 1, 32)
	parts := strings.Split(good, "$") // "", argon2id, v=19, params, salt, key
	with := func(i int, v string) string {
		p := append([]string(nil), parts...)
		p[i] = v
		return strings.Join(p, "$")
	}
	tests := []struct{ name, hash string }{
		{"empty", ""},
		{"plain text", "pw"},
		{"bcrypt", "$2a$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy"},
		{"argon2i", with(1, "argon2i")},
		{"too few parts", strings.Join(parts[:5], "$")},
		{"too many parts", good + "$extra"},
		{"bad parameters", with(3, "m=x,t=1,p=1")},
		{"missing parameter", with(3, "m=64,t=1")},
		{"parallelism overflow", with(3, "m=64,t=1,p=300")},
		{"salt not base64", with(4, "!!!!")},
		{"key not base64", with(5, "@@@@")},
		// Parameters that argon2 cannot run with must be refused, not panic.
		{"zero passes", with(3, "m=64,t=0,p=1")},
		{"zero parallelism", with(3, "m=64,t=1,p=0")},
		// An empty key would match every password.
		{"empty key", with(5, "")},
		{"short key", with(5, base64.RawStdEncoding.EncodeToString([]byte("short")))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("CheckPassword(%q) panicked: %v", tt.hash, r)
				}
			}()
			ok, err := auth.CheckPassword(tt.hash, "pw")
			if !errors.Is(err, auth.ErrBadHash) || ok {
				t.Errorf("CheckPassword(%q) = %v, %v; want false, ErrBadHash", tt.hash, ok, err)
			}
		})
	}
}

func TestNewToken(t *testing.T) {
	shape := regexp.MustCompile(`^[A-Za-z0-9_-]{43}$`)
	seen := map[string]bool{}
	for range 1000 {
		tok, hash := auth.NewToken()
		if !shape.MatchString(tok) {
			t.Fatalf("token %q is not 256 bits in URL-safe base64", tok)
		}
		if seen[tok] {
			t.Fatalf("token %q repeated", tok)
		}
		seen[tok] = true
		sum := sha256.Sum256([]byte(tok))
		if string(hash) != string(sum[:]) {
			t.Fatalf("hash of %q is %x, want its SHA-256 %x", tok, hash, sum)
		}
	}
}

func TestHashToken(t *testing.T) {
	tok, hash := auth.NewToken()
	if got := auth.HashToken(tok); string(got) != string(hash) {
		t.Errorf("HashToken(token) = %x, want the hash NewToken gave %x", got, hash)
	}
	if a, b := auth.HashToken("abc"), auth.HashToken("abc"); string(a) != string(b) {
		t.Errorf("HashToken is not stable: %x then %x", a, b)
	}
	if a, b := auth.HashToken("abc"), auth.HashToken("abd"); string(a) == string(b) {
		t.Error("two tokens hash the same")
	}
	if n := len(auth.HashToken("")); n != 32 {
		t.Errorf("hash of %d bytes, want 32", n)
	}
}

func TestPrincipalCan(t *testing.T) {
	staff := &auth.Principal{IsStaff: true, Permissions: []string{auth.PermClientsRead, "memos.write"}}
	tests := []struct {
		name string
		p    *auth.Principal
		perm string
		want bool
	}{
		{"held", staff, auth.PermClientsRead, true},
		{"another held", staff, "memos.write", true},
		{"not held", staff, auth.PermActAs, false},
		{"prefix is not enough", staff, "clients", false},
		{"case matters", staff, "Clients.Read", false},
		{"no permissions", &auth.Principal{}, auth.PermClientsRead, false},
		{"empty permission", staff, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.p.Can(tt.perm); got != tt.want {
				t.Errorf("Can(%q) = %v, want %v", tt.perm, got, tt.want)
			}
		})
	}
}

func TestPrincipalIsAssociate(t *testing.T) {
	if (&auth.Principal{UserID: 1, IsStaff: true}).IsAssociate() {
		t.Error("staff acting for nobody is an associate")
	}
	if !(&auth.Principal{UserID: 1, AssociateID: 7}).IsAssociate() {
		t.Error("principal with an associate is not an associate")
	}
}

func TestContext(t *testing.T) {
	if p := auth.From(context.Background()); p != nil {
		t.Errorf("From(empty context) = %+v, want nil", p)
	}
	p := &auth.Principal{UserID: 3}
	if got := auth.From(auth.With(context.Background(), p)); got != p {
		t.Errorf("From(With(p)) = %p, want %p", got, p)
	}
}
