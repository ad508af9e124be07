package sdk

import (
	"context"
	"iter"
	"reflect"

	"github.com/associateportal/portal/sdk/oas"
)

// DefaultLimit is the page size of the contract's lists when none is given.
const DefaultLimit = 100

// FetchFunc fetches one page of a list: page counts from 1, cursor is the next_cursor of the
// previous page ("" for the first page, or when the list answers none). It returns the rows as
// the server sent them (up to limit+1) and the next_cursor.
type FetchFunc[T any] func(ctx context.Context, page int, cursor string) (rows []T, next string, err error)

// All iterates over every row of a list, page after page. Lists answer at most limit+1 rows:
// the extra row only says that another page exists and is never yielded. The next page is
// asked for with the answer's next_cursor when it has one, by page number otherwise. Iteration
// stops at the first error, which is yielded with the zero T; break out of the loop to stop
// early. limit ≤ 0 means DefaultLimit, and fetch must ask the server for the same limit.
func All[T any](ctx context.Context, fetch FetchFunc[T], limit int) iter.Seq2[T, error] {
	if limit <= 0 {
		limit = DefaultLimit
	}
	return func(yield func(T, error) bool) {
		cursor := ""
		for page := 1; ; page++ {
			if err := ctx.Err(); err != nil {
				var zero T
				yield(zero, err)
				return
			}
			rows, next, err := fetch(ctx, page, cursor)
			if err != nil {
				var zero T
				yield(zero, wrap(err))
				return
			}
			more := len(rows) > limit
			if more {
				rows = rows[:limit]
			}
			for _, r := range rows {
				if !yield(r, nil) {
					return
				}
			}
			if !more {
				return
			}
			cursor = next
		}
	}
}

// cursorPageFunc asks for one page of a list that answers next_cursor: limit rows (plus the
// extra one), page number page, and cursor when it is set.
type cursorPageFunc[T any] func(ctx context.Context, limit, page int, cursor oas.OptString) (rows []T, next string, err error)

// cursorAll is All for a list whose parameters hold Limit, Page and Cursor: it starts where
// they say (page and cursor of the first request) with their page size (DefaultLimit when
// unset), and asks for the pages after by page number and next_cursor.
func cursorAll[T any](ctx context.Context, limit, page oas.OptInt, cursor oas.OptString, list cursorPageFunc[T]) iter.Seq2[T, error] {
	size := limit.Or(DefaultLimit)
	first := page.Or(1)
	fetch := func(ctx context.Context, page int, next string) ([]T, string, error) {
		c := oas.OptString{}
		if page == 1 {
			next = cursor.Or("")
		}
		if next != "" {
			c = oas.NewOptString(next)
		}
		return list(ctx, size, first+page-1, c)
	}
	return All(ctx, fetch, size)
}

// pagesOf is cursorAll over a generated list operation: params is its parameter struct,
// whose Limit, Page and Cursor fields say where to start and are set anew for every page
// (by reflection: every list's parameters have them, as the contract's listing convention
// says), list sends one request, and rows picks the rows and next_cursor of an answer.
func pagesOf[P, R, T any](ctx context.Context, params P, list func(context.Context, P) (R, error), rows func(R) ([]T, oas.OptString)) iter.Seq2[T, error] {
	start := reflect.ValueOf(&params).Elem()
	limit := start.FieldByName("Limit").Interface().(oas.OptInt)
	page := start.FieldByName("Page").Interface().(oas.OptInt)
	cursor := start.FieldByName("Cursor").Interface().(oas.OptString)
	return cursorAll(ctx, limit, page, cursor, func(ctx context.Context, limit, page int, cursor oas.OptString) ([]T, string, error) {
		p := params
		v := reflect.ValueOf(&p).Elem()
		v.FieldByName("Limit").Set(reflect.ValueOf(oas.NewOptInt(limit)))
		v.FieldByName("Page").Set(reflect.ValueOf(oas.NewOptInt(page)))
		v.FieldByName("Cursor").Set(reflect.ValueOf(cursor))
		res, err := list(ctx, p)
		if err != nil {
			return nil, "", err
		}
		data, next := rows(res)
		return data, next.Or(""), nil
	})
}
