package api

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/httpx"
	"github.com/associateportal/portal/server/store"
	"github.com/associateportal/portal/server/tax"
)

var _ oas.AcknowledgementsHandler = (*Handler)(nil)

// UploadTTL is how long a signed upload URL works.
const UploadTTL = 15 * time.Minute

// ListAcknowledgements answers what the associate still has to acknowledge.
func (h *Handler) ListAcknowledgements(ctx context.Context) (*oas.AcknowledgementsHeaders, error) {
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	memos, w9s, err := h.Store.PendingAcknowledgements(ctx, p)
	if err != nil {
		return nil, err
	}
	out := oas.Acknowledgements{Memos: make([]oas.Memo, 0, len(memos)), W9Documents: make([]oas.W9Document, 0, len(w9s))}
	for _, m := range memos {
		out.Memos = append(out.Memos, oas.Memo{ID: m.ID, Title: m.Title, Body: m.Body, PublishedAt: m.PublishedAt, RequiresSignature: m.RequiresSignature})
	}
	for _, w := range w9s {
		out.W9Documents = append(out.W9Documents, w9(w))
	}
	return &oas.AcknowledgementsHeaders{Response: out}, nil
}

func w9(w store.W9) oas.W9Document {
	d := oas.W9Document{
		ID: w.ID, Title: w.Title, Name: w.Name, EntityType: oas.W9DocumentEntityType(w.EntityType),
		TinMasked: w.TINMasked(), RequiresSignature: w.RequiresSignature, CreatedAt: w.CreatedAt,
	}
	if w.BusinessName != "" {
		d.BusinessName = oas.NewOptString(w.BusinessName)
	}
	if w.Address != "" {
		d.Address = oas.NewOptString(w.Address)
	}
	return d
}

// GetAcknowledgementSignedURL reserves a signature file and answers where to PUT it.
func (h *Handler) GetAcknowledgementSignedURL(ctx context.Context, _ oas.GetAcknowledgementSignedURLParams) (*oas.SignedURLHeaders, error) {
	return h.uploadURL(ctx, "signature")
}

// Acknowledge stores the associate's acknowledgement of a memo or a W-9 document.
func (h *Handler) Acknowledge(ctx context.Context, req *oas.AcknowledgeRequest, params oas.AcknowledgeParams) (*oas.AcknowledgementHeaders, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	info := httpx.InfoFrom(ctx)
	a := store.Acknowledgement{Signature: req.Signature.Or(""), IP: info.IP, UserAgent: info.UserAgent}
	var at time.Time
	switch params.Kind {
	case oas.AcknowledgementKindMemos:
		at, err = h.Store.AcknowledgeMemo(ctx, p, params.ID, a)
	case oas.AcknowledgementKindW9Documents:
		at, err = h.Store.AcknowledgeW9(ctx, p, params.ID, a)
	default:
		return nil, errs.NotFoundf("Unknown acknowledgement kind")
	}
	if err != nil {
		return nil, err
	}
	out := oas.Acknowledgement{Kind: params.Kind, ID: params.ID, AcknowledgedAt: at}
	if a.Signature != "" {
		out.Signature = oas.NewOptString(a.Signature)
	}
	return &oas.AcknowledgementHeaders{Response: out}, nil
}

// CreateW9Document enters a W-9 for the associate acted for (staff): the TIN checked by
// kind, sealed under the current key; the associate then acknowledges it.
func (h *Handler) CreateW9Document(ctx context.Context, req *oas.W9Input) (*oas.W9DocumentHeaders, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	name := strings.TrimSpace(req.Name)
	var f errs.Fields
	if name == "" {
		f.Add("name", "Name is required")
	}
	digits, terr := tax.Normalize(string(req.TinKind), req.Tin)
	if e := errs.As(terr); e != nil {
		f = append(f, e.Fields...)
	}
	if err := f.Err(); err != nil {
		return nil, err
	}
	if terr != nil {
		return nil, terr
	}
	in := store.W9Input{Title: "Form W-9 (" + strconv.Itoa(h.now().Year()) + ")", Name: name,
		BusinessName: strings.TrimSpace(req.BusinessName.Or("")), EntityType: string(req.EntityType),
		TINKind: string(req.TinKind), TINLast4: digits[len(digits)-4:], Address: strings.TrimSpace(req.Address.Or("")),
		TINSealed: h.Keys.Seal([]byte(digits)), KeyID: h.Keys.ID(), RequiresSignature: req.RequiresSignature.Or(true)}
	w, err := h.Store.AddW9(ctx, p, in)
	if err != nil {
		return nil, err
	}
	return &oas.W9DocumentHeaders{Response: w9(w)}, nil
}
