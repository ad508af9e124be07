package api

import (
	"context"
	"sync"

	"github.com/associateportal/portal/server/httpx"
)

// pagePool keeps the slices list answers are built in. A page of a hundred records is
// about 50 KB that would otherwise become garbage on every request; the slice goes back
// to the pool once the response is written (httpx.AfterResponse).
type pagePool[T any] struct{ p sync.Pool }

// get is an empty slice with room for n items, owned by the request of ctx.
func (pp *pagePool[T]) get(ctx context.Context, n int) []T {
	s, _ := pp.p.Get().(*[]T)
	if s == nil || cap(*s) < n {
		v := make([]T, 0, n)
		s = &v
	}
	httpx.AfterResponse(ctx, func() {
		clear((*s)[:cap(*s)]) // drop the references the records hold
		pp.p.Put(s)
	})
	return (*s)[:0]
}
