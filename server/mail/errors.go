package mail

import (
	"errors"
	"fmt"
	"net/textproto"

	gomail "github.com/wneessen/go-mail"
)

// ErrInvalid is matched (errors.Is) by every error about a message itself: a bad address,
// ID or link, a missing body, an unknown kind. Sending it again cannot succeed.
var ErrInvalid = errors.New("mail: invalid message")

type invalidError struct{ msg string }

func (e *invalidError) Error() string        { return "mail: " + e.msg }
func (e *invalidError) Is(target error) bool { return target == ErrInvalid }

func invalidf(format string, args ...any) error {
	return &invalidError{msg: fmt.Sprintf(format, args...)}
}

// ConfigError is a bad mail configuration, found before anything is sent. Its message
// says what is wrong and shows the SMTP URL with the password replaced by "xxxxx".
type ConfigError struct {
	URL    string // the URL without its password; empty when the fault is not in the URL
	Reason string
}

func (e *ConfigError) Error() string {
	if e.URL == "" {
		return "mail: bad SMTP configuration: " + e.Reason
	}
	return fmt.Sprintf("mail: bad SMTP URL %s: %s", e.URL, e.Reason)
}

// SendError is a delivery through SMTP that failed. A River job returns it as it is to be
// retried, or cancels the job (river.JobCancel) when IsPermanent says so.
type SendError struct {
	MessageID string // empty for Check
	// Code is the server's reply code (451, 550…); 0 when there was none (the network, TLS,
	// a timeout).
	Code int
	// Enhanced is the enhanced status code ("5.1.1") when the server sent one.
	Enhanced string
	// Permanent: the server refused this message or its recipient with a 5xx reply, so
	// sending it again fails the same way. Every other failure is temporary: a 4xx reply,
	// the network, TLS, authentication (530 included) — about the moment or our set-up,
	// not the message, so the message waits, within the job's attempts, until it is fixed.
	Permanent bool
	Err       error
}

func (e *SendError) Error() string {
	kind := "temporary"
	if e.Permanent {
		kind = "permanent"
	}
	if e.MessageID == "" {
		return fmt.Sprintf("mail: SMTP check failed (%s): %v", kind, e.Err)
	}
	return fmt.Sprintf("mail: sending <%s> failed (%s): %v", e.MessageID, kind, e.Err)
}

func (e *SendError) Unwrap() error { return e.Err }

// Temporary reports whether trying again later may succeed.
func (e *SendError) Temporary() bool { return !e.Permanent }

// IsPermanent reports whether sending the same message again cannot succeed: the server
// refused it for good, or the message itself is invalid (ErrInvalid). A nil error, a
// temporary failure, or an error from elsewhere is not permanent.
func IsPermanent(err error) bool {
	var se *SendError
	if errors.As(err, &se) {
		return se.Permanent
	}
	return errors.Is(err, ErrInvalid)
}

// classify turns what go-mail answered for a message into a SendError.
func classify(id string, err error) *SendError {
	se := &SendError{MessageID: id, Err: err}
	var ge *gomail.SendError
	if errors.As(err, &ge) {
		se.Code, se.Enhanced = ge.ErrorCode(), ge.EnhancedStatusCode()
		switch ge.Reason {
		case gomail.ErrGetSender, gomail.ErrGetRcpts, gomail.ErrNoUnencoded:
			// go-mail could not take the message's own addresses or encoding.
			se.Permanent = true
		case gomail.ErrSMTPMailFrom, gomail.ErrSMTPRcptTo, gomail.ErrSMTPData, gomail.ErrSMTPDataClose:
			// 530 is "authentication required": our set-up, not the message.
			se.Permanent = se.Code >= 500 && se.Code <= 599 && se.Code != 530
		}
		return se
	}
	// Before any message: the greeting, EHLO, STARTTLS or AUTH. Keep the reply's code for
	// the log; the failure stays temporary.
	var te *textproto.Error
	if errors.As(err, &te) {
		se.Code = te.Code
	}
	return se
}
