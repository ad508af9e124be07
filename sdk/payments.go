package sdk

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"iter"
	"path/filepath"
	"regexp"
	"strconv"
	"unicode/utf8"

	"github.com/associateportal/portal/sdk/oas"
)

// CashflowEntry is the contract's CashflowEntry schema: one entry of the ledger, its amount
// in signed integer cents (chargebacks are negative).
type CashflowEntry = oas.CashflowEntry

// PayStatement is the contract's PayStatement schema: what a pay run paid one associate.
type PayStatement = oas.PayStatement

// ProviderPayment is the contract's ProviderPayment schema: one row of a provider's
// commission statement, with where it stands.
type ProviderPayment = oas.ProviderPayment

// PayRun is the contract's PayRun schema: the pay run of one month.
type PayRun = oas.PayRun

// CashflowAll iterates over every cashflow entry that params select, in params' order,
// following next_cursor. params.Limit sets the page size (DefaultLimit when unset);
// params.Page and params.Cursor set where to start.
func (c *Client) CashflowAll(ctx context.Context, params oas.ListCashflowParams) iter.Seq2[CashflowEntry, error] {
	return pagesOf(ctx, params, c.ListCashflow, func(r *oas.CashflowListHeaders) ([]CashflowEntry, oas.OptString) {
		return r.Response.Data, r.Response.NextCursor
	})
}

// ChargebacksAll iterates over every chargeback entry (Chargeback and Chargeback Escrow)
// that params select, following next_cursor.
func (c *Client) ChargebacksAll(ctx context.Context, params oas.ListChargebacksParams) iter.Seq2[CashflowEntry, error] {
	return pagesOf(ctx, params, c.ListChargebacks, func(r *oas.CashflowListHeaders) ([]CashflowEntry, oas.OptString) {
		return r.Response.Data, r.Response.NextCursor
	})
}

// PayStatementsAll iterates over every pay statement that params select, following
// next_cursor.
func (c *Client) PayStatementsAll(ctx context.Context, params oas.ListPayStatementsParams) iter.Seq2[PayStatement, error] {
	return pagesOf(ctx, params, c.ListPayStatements, func(r *oas.PayStatementListHeaders) ([]PayStatement, oas.OptString) {
		return r.Response.Data, r.Response.NextCursor
	})
}

// ProviderPaymentsAll iterates over every provider payment that params select (staff),
// following next_cursor.
func (c *Client) ProviderPaymentsAll(ctx context.Context, params oas.ListProviderPaymentsParams) iter.Seq2[ProviderPayment, error] {
	return pagesOf(ctx, params, c.ListProviderPayments, func(r *oas.ProviderPaymentListHeaders) ([]ProviderPayment, oas.OptString) {
		return r.Response.Data, r.Response.NextCursor
	})
}

// PayRunsAll iterates over every pay run (staff), newest month first unless params order
// them otherwise, following next_cursor.
func (c *Client) PayRunsAll(ctx context.Context, params oas.ListPayRunsParams) iter.Seq2[PayRun, error] {
	return pagesOf(ctx, params, c.ListPayRuns, func(r *oas.PayRunListHeaders) ([]PayRun, oas.OptString) {
		return r.Response.Data, r.Response.NextCursor
	})
}

// Limits of a statement import, as the contract's StatementImportInput declares them.
const (
	MaxStatementChars    = 900000 // csv
	MaxStatementFileName = 200    // file_name
)

// utf8BOM starts the CSV files some spreadsheets write; the server expects the header row.
var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// StatementInput reads a provider's commission statement (CSV: a header row
// policy_number,amount,date, then one row per payment) from r and returns the request of
// ImportStatement: the provider, the base name of path as the file name (cut to the
// contract's 200 characters) and the text, without a leading byte-order mark. A text that is
// not UTF-8, holds a NUL byte (named by its line, the header being line 1), is empty or is
// longer than the contract allows is refused here, before any request.
func StatementInput(providerID int64, path string, r io.Reader) (*oas.StatementImportInput, error) {
	if providerID < 1 {
		return nil, fmt.Errorf("invalid provider ID %d", providerID)
	}
	name := filepath.Base(path)
	if name == "." || name == string(filepath.Separator) {
		return nil, fmt.Errorf("no file name in %q", path)
	}
	if utf8.RuneCountInString(name) > MaxStatementFileName {
		name = string([]rune(name)[:MaxStatementFileName])
	}
	// The most bytes a statement that fits can take: four per character, and the mark. One
	// more tells a file too long from one that fits, without reading a huge one whole.
	limit := int64(4*MaxStatementChars + len(utf8BOM))
	b, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	tooLong := fmt.Errorf("%s is too long: a statement holds at most %d characters", name, MaxStatementChars)
	if int64(len(b)) > limit {
		return nil, tooLong
	}
	b = bytes.TrimPrefix(b, utf8BOM)
	if !utf8.Valid(b) {
		return nil, fmt.Errorf("%s is not UTF-8 text; save the statement as CSV UTF-8", name)
	}
	if i := bytes.IndexByte(b, 0); i >= 0 {
		line := bytes.Count(b[:i], []byte("\n")) + 1
		return nil, fmt.Errorf("%s has a NUL byte on line %d: it is not a text file; save the statement as CSV UTF-8", name, line)
	}
	if utf8.RuneCount(b) > MaxStatementChars {
		return nil, tooLong
	}
	if len(bytes.TrimSpace(b)) == 0 {
		return nil, fmt.Errorf("%s is empty", name)
	}
	return &oas.StatementImportInput{ProviderID: providerID, FileName: name, Csv: string(b)}, nil
}

// RowError is the server's message about one row of an imported statement.
type RowError struct {
	Row     int    // counting from 1 after the header row; 0 for the statement as a whole
	Field   string // policy_number, amount, date, or "" for the row as a whole
	Message string
}

// rowField matches the field of a row's error: rows[3].amount, rows[3].
var rowField = regexp.MustCompile(`^rows\[(\d+)\](?:\.(\w+))?$`)

// StatementRowErrors lists the errors of a refused statement import (422): the field
// errors named rows[N].field become the row N's errors, any other one an error of the
// statement (Row 0), in the server's order. It is nil for any other error.
func StatementRowErrors(err error) []RowError {
	e, ok := AsError(err)
	if !ok || !IsValidation(err) {
		return nil
	}
	out := make([]RowError, 0, len(e.Errors))
	for _, fe := range e.Errors {
		re := RowError{Field: fe.Field, Message: fe.Message}
		if m := rowField.FindStringSubmatch(fe.Field); m != nil {
			re.Row, _ = strconv.Atoi(m[1])
			re.Field = m[2]
		}
		out = append(out, re)
	}
	return out
}
