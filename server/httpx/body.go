package httpx

import (
	"errors"
	"io"
	"net/http"
	"os"
	"time"
)

// Defaults of the time a request body may take to arrive, counted from the end of its
// headers. A JSON body is at most 1 MiB (15 s is 70 KB/s); an upload at most 10 MiB
// (2 minutes is 90 KB/s). The server's ReadHeaderTimeout bounds the headers.
const (
	DefaultBodyTimeout   = 15 * time.Second
	DefaultUploadTimeout = 2 * time.Minute
)

// timedBody bounds the time to read a request body. The connection's read deadline is
// set when the request reaches the middleware and cleared once the body has been read to
// its end: from then on the server reads the connection in the background to notice a
// client that leaves, and a deadline left in place would end that read, and the request,
// during a long answer. A read that fails on the deadline marks the body late: the
// request is answered 408 and the connection closed (writer.answerLate), however the
// handler took the failed read. A body the handler leaves unread keeps the deadline, so
// that what the server reads of it afterwards is bounded too.
type timedBody struct {
	io.ReadCloser
	rc      *http.ResponseController
	timeout time.Duration
	late    bool
	done    bool // the deadline is no longer ours to manage
}

func withDeadline(w http.ResponseWriter, body io.ReadCloser, timeout time.Duration) *timedBody {
	b := &timedBody{ReadCloser: body, rc: http.NewResponseController(w), timeout: timeout}
	if err := b.rc.SetReadDeadline(time.Now().Add(timeout)); err != nil {
		b.done = true // a writer without a connection (httptest.ResponseRecorder)
	}
	return b
}

func (b *timedBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err != nil && !b.done {
		b.done = true
		switch {
		case errors.Is(err, io.EOF):
			_ = b.rc.SetReadDeadline(time.Time{})
		case errors.Is(err, os.ErrDeadlineExceeded):
			b.late = true
		}
	}
	return n, err
}
