package api

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"time"

	"github.com/associateportal/portal/sdk/lists"
	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/export"
	"github.com/associateportal/portal/server/files"
	"github.com/associateportal/portal/server/hierarchy"
	"github.com/associateportal/portal/server/httpx"
	"github.com/associateportal/portal/server/listing"
	"github.com/associateportal/portal/server/store"
)

// exporter is how one …/download operation builds its file when the signed URL is fetched.
// Its whitelist is the operation's (listSpecs) and who may fetch it its rule in the access
// table, applied again when the link is fetched.
type exporter struct {
	name    string         // the start of the file's name
	columns []lists.Column // the columns (sdk/lists), typed for XLSX
	sql     exportQuery    // the query, one column per column
}

type exportQuery func(ctx context.Context, st *store.Store, p *auth.Principal, q listing.Query, job exportJob) (string, []any, error)

// exporters holds every …/download operation of the contract, by its generated name; a
// test holds it to the contract, so a download without an exporter fails there rather than
// when its link is fetched.
var exporters = map[string]exporter{
	oas.DownloadClientsOperation: {"clients", lists.ClientExport,
		func(_ context.Context, _ *store.Store, p *auth.Principal, q listing.Query, _ exportJob) (string, []any, error) {
			return store.ClientExportSQL(p, q)
		}},
	oas.DownloadTeamOperation: {"team", lists.TeamExport,
		func(ctx context.Context, st *store.Store, p *auth.Principal, q listing.Query, job exportJob) (string, []any, error) {
			root, err := st.TeamRoot(ctx, p.AssociateID)
			if err != nil {
				return "", nil, err
			}
			root.Period, err = job.period()
			if err != nil {
				return "", nil, err
			}
			return store.TeamExportSQL(hierarchy.View(job.View), root, q)
		}},
	oas.DownloadPoliciesOperation: {"business", lists.PolicyExport,
		func(ctx context.Context, st *store.Store, p *auth.Principal, q listing.Query, job exportJob) (string, []any, error) {
			return st.PolicyExportSQL(ctx, p, hierarchy.View(job.View), q)
		}},
	oas.DownloadCashflowOperation: {"cashflow", lists.CashflowExport,
		func(_ context.Context, _ *store.Store, p *auth.Principal, q listing.Query, _ exportJob) (string, []any, error) {
			return store.CashflowExportSQL(p, q)
		}},
	oas.DownloadCompensationScheduleOperation: {"compensation-schedule", lists.ScheduleExport,
		func(_ context.Context, _ *store.Store, p *auth.Principal, q listing.Query, _ exportJob) (string, []any, error) {
			return store.ScheduleExportSQL(p, q)
		}},
}

// exportJob is what a download URL builds when fetched: the operation, the request's
// listing parameters as sent, and who asked.
type exportJob struct {
	Operation   string `json:"operation"`
	Query       string `json:"query"`
	Format      string `json:"format"`
	UserID      int64  `json:"user_id"`
	AssociateID int64  `json:"associate_id,omitempty"`
	ActingStaff int64  `json:"acting_staff_id,omitempty"`
	View        string `json:"view,omitempty"`
	Event       string `json:"event,omitempty"` // the slug of an event's calendar file
	Asked       int64  `json:"asked,omitempty"` // Unix time the link was made
}

// period is the production period of a team download: the period_start and period_end of
// the request that made the link, seen on the day it was made.
func (j exportJob) period() ([2]time.Time, error) {
	v, err := url.ParseQuery(j.Query)
	if err != nil {
		return [2]time.Time{}, errs.Wrap(errs.Invalid, err, "The download's query cannot be read")
	}
	var dates [2]*time.Time
	for i, name := range []string{"period_start", "period_end"} {
		if s := v.Get(name); s != "" {
			d, err := time.Parse(time.DateOnly, s)
			if err != nil {
				return [2]time.Time{}, errs.Validation(errs.Field(name, "The date must be YYYY-MM-DD"))
			}
			dates[i] = &d
		}
	}
	from, to, err := periodOf(time.Unix(j.Asked, 0).UTC(), dates[0], dates[1])
	return [2]time.Time{from, to}, err
}

// exportURL reserves the export of a download operation with the request's filters and
// order (already checked by the handler), and answers its signed URL.
func (h *Handler) exportURL(ctx context.Context, p *auth.Principal, operation, view, format string) (string, error) {
	if _, ok := exporters[operation]; !ok {
		return "", fmt.Errorf("api: no exporter for %s", operation)
	}
	job := exportJob{Operation: operation, Query: httpx.InfoFrom(ctx).RawQuery, Format: format,
		UserID: p.UserID, AssociateID: p.AssociateID, ActingStaff: p.ActingStaffID, View: view, Asked: h.now().Unix()}
	raw, err := json.Marshal(job)
	if err != nil {
		return "", err
	}
	id := files.NewID()
	if err := h.Store.CreateFile(ctx, store.File{ID: id, OwnerUserID: &p.UserID, Purpose: "export", Export: raw}); err != nil {
		return "", err
	}
	return h.Signer.URL("GET", id+"."+format, DownloadTTL), nil
}

// streamExport builds an export while streaming it: rows go from the database to the
// writer to the connection, so memory stays flat however many rows there are.
func (h *Handler) streamExport(ctx context.Context, f store.File, hints *httpx.Hints) (*oas.DownloadFileOKHeaders, error) {
	var job exportJob
	if err := json.Unmarshal(f.Export, &job); err != nil {
		return nil, fmt.Errorf("export %s: %w", f.ID, err)
	}
	if job.Operation == oas.GetEventCalendarOperation {
		return h.eventCalendarFile(ctx, job, hints)
	}
	ex, ok := exporters[job.Operation]
	if !ok {
		// A link made by an older portald: it expires within minutes anyway.
		return nil, errs.NotFoundf("This download link no longer works; ask for the download again")
	}
	p, err := h.Store.PrincipalFor(ctx, job.UserID, job.AssociateID, job.ActingStaff)
	if err != nil {
		return nil, err
	}
	// Who asked may have lost the right since (a permission taken away): the operation's
	// rule holds when the file is built, not only when the link was made.
	if err := access[job.Operation].check(p); err != nil {
		return nil, err
	}
	q, err := h.parseQuery(ctx, p, job.Query, listSpecs[job.Operation])
	if err != nil {
		return nil, err
	}
	sql, args, err := ex.sql(ctx, h.Store, p, q, job)
	if err != nil {
		return nil, err
	}
	format := export.Format(job.Format)
	pr, pw := io.Pipe()
	go func() { <-ctx.Done(); _ = pr.CloseWithError(ctx.Err()) }()
	first := make(chan error, 1)
	go h.writeExport(ctx, f.ID, format, ex.columns, sql, args, pw, first)
	// The answer's status waits for the query's first row (or its end): a query that fails
	// answers an error status with the Error body, never a 200 that names a file.
	if err := <-first; err != nil {
		return nil, err
	}
	name := fmt.Sprintf("%s-%s.%s", ex.name, f.CreatedAt.UTC().Format("20060102-150405"), format)
	hints.ContentType = format.ContentType()
	hints.ContentDisposition = fmt.Sprintf(`attachment; filename="%s"`, name)
	return &oas.DownloadFileOKHeaders{ContentDisposition: oas.NewOptString(hints.ContentDisposition), Response: oas.DownloadFileOK{Data: pr}}, nil
}

// writeExport runs an export's query and writes its file into pw. It sends on first once
// the first row has come (nil), or the query ended without rows (nil), or it failed before
// any (the error; nothing is written then). An error after that ends the file early: the
// reader sees it, and the transfer fails rather than end as if complete.
func (h *Handler) writeExport(ctx context.Context, id string, format export.Format, columns []lists.Column,
	sql string, args []any, pw *io.PipeWriter, first chan<- error) {
	var w export.Writer
	start := func() (err error) {
		first <- nil
		first = nil
		w, err = export.New(format, pw, columns)
		return err
	}
	err := h.Store.StreamRows(ctx, sql, args, func(row [][]byte) error {
		if first != nil {
			if err := start(); err != nil {
				return err
			}
		}
		return w.Row(row)
	})
	if err == nil && first != nil {
		err = start() // no rows: the file is its header
	}
	if first != nil {
		first <- err // failed before the first row: the handler answers the error
		_ = pw.CloseWithError(err)
		return
	}
	if err == nil {
		err = w.Close()
	}
	if err != nil && ctx.Err() == nil {
		h.Log.ErrorContext(ctx, "export failed", "file", id, "request_id", httpx.InfoFrom(ctx).ID, "err", err.Error())
	}
	_ = pw.CloseWithError(err)
}
