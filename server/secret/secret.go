// Package secret derives the keys of portald from one master key and seals secrets at
// rest (TINs, bank account numbers, mail job arguments) with AES-256-GCM.
//
// A Keys may also hold previous master keys, for opening only: while the master key is
// being rotated (portald rotate-key), values sealed under an earlier key still open, and
// every new value is sealed under the current one.
package secret

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
)

// Keys are the purpose keys derived from the current master key, and the sealing keys of
// the previous ones.
type Keys struct {
	master []byte
	id     string
	aead   cipher.AEAD
	// previous open values sealed under earlier master keys, in the order given; never
	// used to seal or to derive.
	previous []*Keys
}

// MinKeyLen is the shortest master key accepted.
const MinKeyLen = 32

var (
	// ErrUnknownKey: the value names a key that is neither the current master key nor one
	// of the previous ones given.
	ErrUnknownKey = errors.New("secret: the value is sealed under a key that was not given")
	// ErrCannotOpen: no key given opens the value (another key sealed it, or it was
	// changed).
	ErrCannotOpen = errors.New("secret: no key given opens the value")
)

// New derives the keys from a master key of at least 32 bytes. The previous master keys
// (each at least 32 bytes too) only open values sealed before the key was rotated; one
// equal to the current key, or given twice, is kept once.
func New(master []byte, previous ...[]byte) (*Keys, error) {
	if len(master) < MinKeyLen {
		return nil, errors.New("the secret key must be at least 32 bytes")
	}
	k, err := one(master)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{k.id: true}
	for i, p := range previous {
		if len(p) < MinKeyLen {
			return nil, fmt.Errorf("previous secret key %d: it must be at least 32 bytes", i+1)
		}
		pk, err := one(p)
		if err != nil {
			return nil, err
		}
		if !seen[pk.id] {
			seen[pk.id] = true
			k.previous = append(k.previous, pk)
		}
	}
	return k, nil
}

// one is the Keys of one master key.
func one(master []byte) (*Keys, error) {
	k := &Keys{master: append([]byte(nil), master...)}
	block, err := aes.NewCipher(k.Derive("seal"))
	if err != nil {
		return nil, err
	}
	k.aead, err = cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	k.id = hex.EncodeToString(k.Derive("key-id")[:8])
	return k, nil
}

// Derive is a 32-byte key for one purpose (HMAC-SHA256 of the purpose under the current
// master key).
func (k *Keys) Derive(purpose string) []byte {
	m := hmac.New(sha256.New, k.master)
	m.Write([]byte("portal/" + purpose))
	return m.Sum(nil)
}

// Seal encrypts a secret under the current key; the nonce is stored in front of the
// ciphertext.
func (k *Keys) Seal(plain []byte) []byte {
	nonce := make([]byte, k.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		panic(err)
	}
	return k.aead.Seal(nonce, nonce, plain, nil)
}

// openOne opens with this key alone.
func (k *Keys) openOne(sealed []byte) ([]byte, error) {
	n := k.aead.NonceSize()
	if len(sealed) < n {
		return nil, errors.New("secret: sealed value too short")
	}
	return k.aead.Open(nil, sealed[:n], sealed[n:], nil)
}

// Open decrypts what Seal made under the current key or a previous one (GCM's tag
// refuses a wrong key: trying each in turn is safe).
func (k *Keys) Open(sealed []byte) ([]byte, error) {
	plain, _, err := k.OpenAny(sealed)
	return plain, err
}

// OpenAny is Open that also names the key that opened the value (its ID): the current
// one is tried first, then the previous ones in the order given.
func (k *Keys) OpenAny(sealed []byte) (plain []byte, keyID string, err error) {
	if len(sealed) < k.aead.NonceSize() {
		return nil, "", errors.New("secret: sealed value too short")
	}
	for _, c := range k.all() {
		if plain, err := c.openOne(sealed); err == nil {
			return plain, c.id, nil
		}
	}
	return nil, "", ErrCannotOpen
}

// ID names the current master key without revealing it (the first 8 bytes of a purpose
// key, in hex): stored beside each sealed value, it says which key opens it, so that the
// key can be rotated value by value.
func (k *Keys) ID() string { return k.id }

// IDs names the current key, then the previous ones.
func (k *Keys) IDs() []string {
	ids := make([]string, 0, 1+len(k.previous))
	for _, c := range k.all() {
		ids = append(ids, c.id)
	}
	return ids
}

// OpenWith opens a value sealed under the key named keyID (ID): the current key's or a
// previous one's. An empty keyID (a value stored before key ids were) is opened with
// whichever key opens it, as Open does.
func (k *Keys) OpenWith(keyID string, sealed []byte) ([]byte, error) {
	if keyID == "" {
		return k.Open(sealed)
	}
	for _, c := range k.all() {
		if c.id == keyID {
			plain, err := c.openOne(sealed)
			if err != nil {
				return nil, fmt.Errorf("%w (key %s)", ErrCannotOpen, keyID)
			}
			return plain, nil
		}
	}
	return nil, fmt.Errorf("%w (key %s)", ErrUnknownKey, keyID)
}

// all is the current key, then the previous ones.
func (k *Keys) all() []*Keys {
	return append([]*Keys{k}, k.previous...)
}
