package sdk

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strings"

	"github.com/associateportal/portal/sdk/oas"
)

// ResolveURL resolves a URL the server answered (a download or signed upload URL, often
// relative like /api/files/…) against the server root.
func (c *Client) ResolveURL(ref string) (string, error) {
	u, err := url.Parse(ref)
	if err != nil {
		return "", fmt.Errorf("sdk: URL %q: %w", ref, err)
	}
	if u.IsAbs() {
		return u.String(), nil
	}
	base := *c.base
	base.Path += "/"
	return base.ResolveReference(u).String(), nil
}

// DownloadInfo describes a finished download.
type DownloadInfo struct {
	Filename    string // from Content-Disposition, "" when the server gave none
	ContentType string
	Size        int64 // bytes written
}

// Download streams the file at url (a signed download URL such as the one of a list export;
// relative URLs are resolved against the server root) into w. Signed URLs carry their own
// authorisation: no token is sent. progress, when not nil, is called as bytes arrive with the
// bytes done and the total (-1 when the server does not say).
func (c *Client) Download(ctx context.Context, url string, w io.Writer, progress func(done, total int64)) error {
	_, err := c.DownloadWithInfo(ctx, url, w, progress)
	return err
}

// DownloadWithInfo is Download that also reports the file's name, type and size.
func (c *Client) DownloadWithInfo(ctx context.Context, url string, w io.Writer, progress func(done, total int64)) (*DownloadInfo, error) {
	abs, err := c.ResolveURL(url)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, abs, nil)
	if err != nil {
		return nil, fmt.Errorf("sdk: download: %w", err)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("sdk: download: %w", err)
	}
	defer func() { _ = resp.Body.Close() }()
	if resp.StatusCode != http.StatusOK {
		return nil, decodeError(resp)
	}

	info := &DownloadInfo{ContentType: resp.Header.Get("Content-Type")}
	if _, params, err := mime.ParseMediaType(resp.Header.Get("Content-Disposition")); err == nil {
		info.Filename = safeFilename(params["filename"])
	}
	total := resp.ContentLength
	var dst io.Writer = w
	if progress != nil {
		progress(0, total)
		dst = &progressWriter{w: w, total: total, fn: progress}
	}
	n, err := io.Copy(dst, resp.Body)
	info.Size = n
	if err != nil {
		return info, fmt.Errorf("sdk: download: %w", err)
	}
	if total >= 0 && n != total {
		return info, fmt.Errorf("sdk: download: got %d of %d bytes", n, total)
	}
	return info, nil
}

// safeFilename keeps only the base name of a server-provided file name.
func safeFilename(name string) string {
	name = strings.ReplaceAll(name, "\\", "/")
	if i := strings.LastIndex(name, "/"); i >= 0 {
		name = name[i+1:]
	}
	if name == "." || name == ".." {
		return ""
	}
	return name
}

type progressWriter struct {
	w     io.Writer
	done  int64
	total int64
	fn    func(done, total int64)
}

func (p *progressWriter) Write(b []byte) (int, error) {
	n, err := p.w.Write(b)
	p.done += int64(n)
	p.fn(p.done, p.total)
	return n, err
}

// Upload PUTs the content of r to a signed upload URL (from a signed-url call; relative URLs
// are resolved against the server root) and returns the stored file. Only a 200 answer is a
// success. A body that is not an io.Seeker is held in memory so that it can be retried.
func (c *Client) Upload(ctx context.Context, signedURL string, r io.Reader, contentType string) (*oas.StoredFile, error) {
	abs, err := c.ResolveURL(signedURL)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, abs, r)
	if err != nil {
		return nil, fmt.Errorf("sdk: upload: %w", err)
	}
	if rs, ok := r.(io.ReadSeeker); ok && req.GetBody == nil {
		start, err := rs.Seek(0, io.SeekCurrent)
		if err == nil {
			end, err := rs.Seek(0, io.SeekEnd)
			if err == nil {
				_, err = rs.Seek(start, io.SeekStart)
			}
			if err == nil {
				req.ContentLength = end - start
				req.GetBody = func() (io.ReadCloser, error) {
					if _, err := rs.Seek(start, io.SeekStart); err != nil {
						return nil, err
					}
					return io.NopCloser(rs), nil
				}
			}
		}
	}
	if contentType == "" {
		contentType = "application/octet-stream"
	}
	req.Header.Set("Content-Type", contentType)
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("sdk: upload: %w", err)
	}
	defer func() { _ = resp.Body.Close() }()
	if resp.StatusCode != http.StatusOK {
		return nil, decodeError(resp)
	}
	var f oas.StoredFile
	if err := json.NewDecoder(io.LimitReader(resp.Body, maxErrorBody)).Decode(&f); err != nil {
		return nil, fmt.Errorf("sdk: upload: decode answer: %w", err)
	}
	return &f, nil
}

// decodeError reads an error answer (normalised by Transport into the Error shape).
func decodeError(resp *http.Response) error {
	var body struct {
		Status  int          `json:"status"`
		Message string       `json:"message"`
		Errors  []FieldError `json:"errors"`
		Code    string       `json:"code"`
	}
	e := &Error{Status: resp.StatusCode}
	if resp.StatusCode < 400 {
		e.Message = fmt.Sprintf("unexpected status %d", resp.StatusCode)
		return e
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, maxErrorBody)).Decode(&body); err == nil {
		e.Message, e.Errors, e.Code = body.Message, body.Errors, body.Code
	}
	if e.Message == "" {
		e.Message = http.StatusText(resp.StatusCode)
	}
	return e
}
