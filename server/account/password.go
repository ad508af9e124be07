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

// CheckPassword checks a new password against the policy. field names the form's field;
// own are the account's words (email, code, names) that the password may not be.
func CheckPassword(field, password string, own ...string) error {
	n := utf8.RuneCountInString(password)
	switch {
	case n == 0:
		return errs.Validation(errs.Field(field, "Password is required"))
	case n < MinPassword:
		return errs.Validation(errs.Field(field, "Password must be at least %d characters", MinPassword))
	case len(password) > MaxPassword:
		return errs.Validation(errs.Field(field, "Password must be at most %d characters", MaxPassword))
	case IsCommon(password):
		return errs.Validation(errs.Field(field, "This password is too common; choose another"))
	}
	lower := strings.ToLower(password)
	for _, w := range own {
		w = strings.ToLower(strings.TrimSpace(w))
		if w == "" {
			continue
		}
		if lower == w || (len(w) >= 4 && strings.Contains(lower, w) && len(lower)-len(w) < 4) {
			return errs.Validation(errs.Field(field, "Password must not be your email, code or name"))
		}
		if at := strings.IndexByte(w, '@'); at >= 4 && lower == w[:at] {
			return errs.Validation(errs.Field(field, "Password must not be your email, code or name"))
		}
	}
	return nil
}
