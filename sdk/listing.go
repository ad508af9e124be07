package sdk

import (
	"context"
	"net/url"
	"strings"
)

// OrderKey is one sort key of a list request: a sortable field of the contract and ASC or
// DESC.
type OrderKey struct {
	Field, Direction string
}

type orderKey struct{}

// WithOrder makes every list request sent with ctx sort by keys, in the order given. The
// generated parameter structs hold the order as a struct, which ogen writes in the
// contract's field order; the server sorts by the keys in the order they come in the query
// string, so Transport rewrites the order[…] parameters of a GET request in this order. The
// keys replace those the parameters set; a request without order[…] parameters is sent as
// it is, so ctx may be used for other requests too (the download of an export, say).
func WithOrder(ctx context.Context, keys ...OrderKey) context.Context {
	return context.WithValue(ctx, orderKey{}, keys)
}

// orderQuery rewrites the order[…] parameters of a raw query string to keys, in that order,
// after every other parameter; other parameters keep their order and encoding. ok is false,
// and raw is returned as is, when raw has no order[…] parameter: a request that is not
// ordered (another operation, a signed download URL) is left alone.
func orderQuery(raw string, keys []OrderKey) (_ string, ok bool) {
	var kept []string
	for part := range strings.SplitSeq(raw, "&") {
		if part == "" {
			continue
		}
		name, _, _ := strings.Cut(part, "=")
		if n, err := url.QueryUnescape(name); err == nil && strings.HasPrefix(n, "order[") {
			ok = true
			continue
		}
		kept = append(kept, part)
	}
	if !ok {
		return raw, false
	}
	for _, k := range keys {
		kept = append(kept, "order%5B"+url.QueryEscape(k.Field)+"%5D="+url.QueryEscape(k.Direction))
	}
	return strings.Join(kept, "&"), true
}

// OrderFrom returns the keys WithOrder put in ctx, or nil.
func OrderFrom(ctx context.Context) []OrderKey {
	keys, _ := ctx.Value(orderKey{}).([]OrderKey)
	return keys
}
