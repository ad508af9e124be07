package api

import (
	"bytes"
	"context"
	"crypto/sha256"
	"strings"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/files"
	"github.com/associateportal/portal/server/httpx"
	"github.com/associateportal/portal/server/legaldoc"
	"github.com/associateportal/portal/server/store"
)

var _ oas.LegalDocumentsHandler = (*Handler)(nil)

// legalOut is an agreement as the API answers it; with text, its body and fingerprint
// (one document, not the list).
func legalOut(d store.LegalDocument, text bool) oas.LegalDocument {
	out := oas.LegalDocument{ID: d.ID, Title: d.Title, Version: d.Version, Status: oas.LegalDocumentStatus(d.Status),
		CreatedAt: d.CreatedAt, SignedIP: opt(d.IP), HasCopy: oas.NewOptBool(d.CopyFileID != ""), RevokeReason: opt(d.RevokeReason)}
	if d.SignedAt != nil {
		out.SignedAt = oas.NewOptDateTime(*d.SignedAt)
	}
	if d.RevokedAt != nil {
		out.RevokedAt = oas.NewOptDateTime(*d.RevokedAt)
	}
	if text {
		out.Body = oas.NewOptString(d.Body)
		out.Fingerprint = oas.NewOptString(legaldoc.Fingerprint(d.Title, d.Version, d.Body))
	}
	return out
}

// ListLegalDocuments answers the caller's agreements.
func (h *Handler) ListLegalDocuments(ctx context.Context) (*oas.LegalDocumentListHeaders, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	ds, err := h.Store.LegalDocuments(ctx, p.AssociateID)
	if err != nil {
		return nil, err
	}
	out := oas.LegalDocumentList{Data: make([]oas.LegalDocument, len(ds))}
	for i, d := range ds {
		out.Data[i] = legalOut(d, false)
	}
	return &oas.LegalDocumentListHeaders{Response: out}, nil
}

// GetLegalDocument answers one of the caller's agreements with its text.
func (h *Handler) GetLegalDocument(ctx context.Context, params oas.GetLegalDocumentParams) (*oas.LegalDocumentHeaders, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	d, err := h.Store.LegalDocumentOf(ctx, p.AssociateID, params.ID)
	if err != nil {
		return nil, err
	}
	return &oas.LegalDocumentHeaders{Response: legalOut(d, true)}, nil
}

// GetLegalSignatureSignedURL reserves the upload of a drawn signature.
func (h *Handler) GetLegalSignatureSignedURL(ctx context.Context) (*oas.SignedURLHeaders, error) {
	return h.uploadURL(ctx, "signature")
}

// SignLegalDocument signs a Pending agreement and makes its stamped PDF copy.
func (h *Handler) SignLegalDocument(ctx context.Context, req *oas.LegalSignInput, params oas.SignLegalDocumentParams) (*oas.LegalDocumentHeaders, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	signer, err := h.Store.AccountProfile(ctx, p)
	if err != nil {
		return nil, err
	}
	info := httpx.InfoFrom(ctx)
	in := store.LegalSigning{Signature: req.Signature, Fingerprint: req.Fingerprint, IP: info.IP, UserAgent: info.UserAgent}
	var copyID string // the PDF written, until the transaction that names it commits
	d, err := h.Store.SignLegalDocument(ctx, p, params.ID, in, func(d store.LegalDocument) (string, int64, []byte, error) {
		svg, err := h.readFile(ctx, d.SignatureFileID)
		if err != nil {
			return "", 0, nil, err
		}
		pdf, err := legaldoc.Render(legaldoc.Document{Title: d.Title, Version: d.Version, Body: d.Body, Signer: signer.Name(), Code: signer.Code,
			SignedAt: *d.SignedAt, IP: d.IP, UserAgent: d.UserAgent}, svg)
		if err != nil {
			return "", 0, nil, err
		}
		copyID = files.NewID()
		if _, err := h.Files.Put(ctx, copyID, bytes.NewReader(pdf)); err != nil {
			return "", 0, nil, errs.Wrap(errs.Internal, err, "The signed copy cannot be stored")
		}
		sum := sha256.Sum256(pdf)
		return copyID, int64(len(pdf)), sum[:], nil
	})
	if err != nil {
		if copyID != "" {
			h.deleteFiles(ctx, "legal: a copy not kept", copyID) // it holds the signer's name and address
		}
		return nil, err
	}
	return &oas.LegalDocumentHeaders{Response: legalOut(d, true)}, nil
}

// DownloadLegalDocument answers a short-lived link to the signed PDF copy.
func (h *Handler) DownloadLegalDocument(ctx context.Context, params oas.DownloadLegalDocumentParams) (*oas.FileLinkHeaders, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	d, err := h.Store.LegalDocumentOf(ctx, p.AssociateID, params.ID)
	if err != nil {
		return nil, err
	}
	if d.CopyFileID == "" {
		return nil, errs.Conflictf("This document has not been signed: there is no copy to download")
	}
	return &oas.FileLinkHeaders{Response: oas.FileLink{URL: h.Signer.URL("GET", d.CopyFileID+".pdf", DownloadTTL)}}, nil
}

// RevokeLegalDocument revokes an agreement of the associate acted for (staff).
func (h *Handler) RevokeLegalDocument(ctx context.Context, req *oas.LegalRevokeInput, params oas.RevokeLegalDocumentParams) (*oas.LegalDocumentHeaders, error) {
	p, err := associate(ctx)
	if err != nil {
		return nil, err
	}
	reason := strings.TrimSpace(req.Reason)
	if reason == "" {
		return nil, errs.Validation(errs.Field("reason", "Reason is required"))
	}
	d, err := h.Store.RevokeLegalDocument(ctx, p, params.ID, reason)
	if err != nil {
		return nil, err
	}
	return &oas.LegalDocumentHeaders{Response: legalOut(d, true)}, nil
}
