package tui

import "fmt"

// pager keeps the place in a list that the contract answers page by page: up to limit+1
// rows, the extra one saying that another page exists, and a next_cursor that fetches the
// page after (keyset pagination). The clients and team browsers share it.
type pager struct {
	limit   int
	page    int      // the page shown, from 1
	cursors []string // cursors[i] fetches page i+1 ("" when by page number)
	more    bool     // another page exists after the one shown
	seq     int      // bumps on every request; answers to older ones are dropped
}

func newPager(limit int) pager {
	return pager{limit: limit, page: 1, cursors: []string{""}}
}

// reset forgets the cursors: the next request starts the list again (another filter, another
// view).
func (p *pager) reset() { p.cursors = []string{""} }

// request starts a request for page: its sequence number and the cursor to send ("" for
// none).
func (p *pager) request(page int) (seq int, cursor string) {
	p.seq++
	if page-1 < len(p.cursors) {
		cursor = p.cursors[page-1]
	}
	return p.seq, cursor
}

// answered records the answer to request seq; false when a newer request was made since.
func (p *pager) answered(seq, page int, more bool, cursor string) bool {
	if seq != p.seq {
		return false
	}
	p.page, p.more = page, more
	if more {
		for len(p.cursors) <= page {
			p.cursors = append(p.cursors, "")
		}
		p.cursors[page] = cursor
	}
	return true
}

// cutPage drops the extra row of an answer of limit+1 rows; more reports it was there.
func cutPage[T any](rows []T, limit int) (page []T, more bool) {
	if len(rows) > limit {
		return rows[:limit], true
	}
	return rows, false
}

// status says which of n rows are shown and how to get more: "Showing 51–100 · n for more ·
// p for previous".
func (p *pager) status(n int) string {
	first := (p.page-1)*p.limit + 1
	s := fmt.Sprintf("Showing %d–%d", first, first+n-1)
	if p.more {
		s += " · n for more"
	}
	if p.page > 1 {
		s += " · p for previous"
	}
	return s
}
