package store

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// StreamRows runs a query and hands every row to emit as raw text values (nil for
// NULL), without holding more than one row.
func (s *Store) StreamRows(ctx context.Context, sql string, args []any, emit func([][]byte) error) error {
	rows, err := s.db.Query(ctx, sql, append([]any{pgx.QueryResultFormats{pgx.TextFormatCode}}, args...)...)
	if err != nil {
		return translate(err)
	}
	defer rows.Close()
	for rows.Next() {
		if err := emit(rows.RawValues()); err != nil {
			return err
		}
	}
	return translate(rows.Err())
}
