// Package secret derives the keys of portald from one master key and seals secrets at
// rest (TINs, bank account numbers) with AES-256-GCM.
package secret

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
)

// Keys are the purpose keys derived from the master key.
type Keys struct {
	master []byte
	aead   cipher.AEAD
}

// MinKeyLen is the shortest master key accepted.
const MinKeyLen = 32

// New derives the keys from a master key of at least 32 bytes.
func New(master []byte) (*Keys, error) {
	if len(master) < MinKeyLen {
		return nil, errors.New("the secret key must be at least 32 bytes")
	}
	k := &Keys{master: append([]byte(nil), master...)}
	block, err := aes.NewCipher(k.Derive("seal"))
	if err != nil {
		return nil, err
	}
	k.aead, err = cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return k, nil
}

// Derive is a 32-byte key for one purpose (HMAC-SHA256 of the purpose under the master).
func (k *Keys) Derive(purpose string) []byte {
	m := hmac.New(sha256.New, k.master)
	m.Write([]byte("portal/" + purpose))
	return m.Sum(nil)
}

// Seal encrypts a secret; the nonce is stored in front of the ciphertext.
func (k *Keys) Seal(plain []byte) []byte {
	nonce := make([]byte, k.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		panic(err)
	}
	return k.aead.Seal(nonce, nonce, plain, nil)
}

// Open decrypts what Seal made.
func (k *Keys) Open(sealed []byte) ([]byte, error) {
	n := k.aead.NonceSize()
	if len(sealed) < n {
		return nil, errors.New("secret: sealed value too short")
	}
	return k.aead.Open(nil, sealed[:n], sealed[n:], nil)
}

// ID names the master key without revealing it (the first 8 bytes of a purpose key, in
// hex): stored beside each sealed value, it says which key opens it, so that the key can be
// rotated value by value.
func (k *Keys) ID() string {
	return hex.EncodeToString(k.Derive("key-id")[:8])
}

// OpenWith opens a value sealed under the key named keyID (ID): only this key's, until the
// key is rotated.
func (k *Keys) OpenWith(keyID string, sealed []byte) ([]byte, error) {
	if keyID != k.ID() {
		return nil, errors.New("secret: the value is sealed under another key (" + keyID + ")")
	}
	return k.Open(sealed)
}
