package account

import (
	"bufio"
	_ "embed"
	"strings"
	"unicode/utf8"

	"github.com/associateportal/portal/server/errs"
)

// The password policy of NIST SP 800-63B (5.1.1.2): a minimum length, room for long
// passphrases, a list of commonly used values refused, the account's own words refused,
// and no composition rules (no "one digit, one symbol"): those make passwords harder to
// remember, not to guess.
const (
	MinPassword = 8   // characters
	MaxPassword = 256 // bytes, as the contract bounds it
)

//go:embed common-passwords.txt
var commonText string

// common is the shipped list, lower-cased.
var common = func() map[string]struct{} {
	m := make(map[string]struct{}, 2048)
	sc := bufio.NewScanner(strings.NewReader(commonText))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line != "" && !strings.HasPrefix(line, "#") {
			m[line] = struct{}{}
		}
	}
	return m
}()

// IsCommon says whether a password is on the list of common passwords (case ignored).
func IsCommon(password string) bool {
	_, ok := common[strings.ToLower(password)]
	return ok
}

// OwnWords are the words of an account a password may not be: its email (and the part
// before the @), code and name, run together or apart.
func OwnWords(email, code, first, last string) []string {
	return []string{email, code, first + last, first + " " + last, last + first}
}

// CheckPassword adds the error of a new password that breaks the policy to f, under
// field; own are the account's words (OwnWords).
func CheckPassword(f *errs.Fields, field, password string, own []string) {
	n := utf8.RuneCountInString(password)
	switch {
	case n == 0:
		f.Add(field, "Password is required")
		return
	case n < MinPassword:
		f.Add(field, "Password must be at least %d characters", MinPassword)
		return
	case len(password) > MaxPassword:
		f.Add(field, "Password must be at most %d characters", MaxPassword)
		return
	case IsCommon(password):
		f.Add(field, "This password is too common; choose another")
		return
	}
	lower := strings.ToLower(password)
	for _, w := range own {
		w = strings.ToLower(strings.TrimSpace(w))
		if w == "" {
			continue
		}
		at := strings.IndexByte(w, '@')
		if lower == w || (len(w) >= 4 && strings.Contains(lower, w) && len(lower)-len(w) < 4) || (at >= 4 && lower == w[:at]) {
			f.Add(field, "Password must not be your email, code or name")
			return
		}
	}
}
