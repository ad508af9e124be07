package api_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/jpeg"
	"net/url"
	"path"
	"strings"
	"testing"

	"github.com/associateportal/portal/sdk/oas"
	"github.com/associateportal/portal/server/legaldoc"
	"github.com/associateportal/portal/server/seed"
	"github.com/associateportal/portal/server/servertest"
)

// upload PUTs a body to a signed upload URL and fails the test unless it is stored.
func upload(t *testing.T, env *servertest.Env, su oas.SignedURL, body []byte, contentType string) string {
	t.Helper()
	if r := do(t, env, "PUT", su.URL, "", body, header{"Content-Type": contentType}); r.Status != 200 {
		t.Fatalf("upload: %d %s", r.Status, r.Body)
	}
	return su.ID
}

// TestLegalDocuments: an agreement read, refused when the text changed or the signature is
// not the signer's, signed once with its stamped PDF copy, revoked by staff; another
// associate never sees it.
func TestLegalDocuments(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	var agentID int64
	if err := env.Pool.QueryRow(ctx, `SELECT id FROM associates WHERE code = $1`, seed.DemoAgtCode).Scan(&agentID); err != nil {
		t.Fatal(err)
	}
	const body = "1. Conduct.\n\nThe associate deals fairly with every client.\n\n2. Term.\n\nThis agreement runs until revoked."
	older, err := env.Store.AddLegalDocument(ctx, agentID, "Code of Conduct", "2025-01", "Old text.")
	if err != nil {
		t.Fatal(err)
	}
	id, err := env.Store.AddLegalDocument(ctx, agentID, "Independent Associate Agreement", "2026-11", body)
	if err != nil {
		t.Fatal(err)
	}
	agent := client(t, env, ready(t, env, seed.DemoAgent))

	// The demo agent's seeded agreement, then these two: Pending first, the newest first.
	list, err := agent.ListLegalDocuments(ctx)
	if err != nil || len(list.Response.Data) != 3 || list.Response.Data[0].ID != id || list.Response.Data[0].Body.Set {
		t.Fatalf("list: %+v %v", list, err)
	}
	doc, err := agent.GetLegalDocument(ctx, oas.GetLegalDocumentParams{ID: id})
	fp := legaldoc.Fingerprint("Independent Associate Agreement", "2026-11", body)
	if err != nil || doc.Response.Body.Value != body || doc.Response.Fingerprint.Value != fp || doc.Response.Status != oas.LegalDocumentStatusPending {
		t.Fatalf("get: %+v %v", doc, err)
	}
	if _, err := agent.DownloadLegalDocument(ctx, oas.DownloadLegalDocumentParams{ID: id}); statusOf(err) != 409 {
		t.Errorf("the copy of an unsigned document: %v", err)
	}

	su, err := agent.GetLegalSignatureSignedURL(ctx)
	if err != nil {
		t.Fatal(err)
	}
	sign := func(sig, fingerprint string, doc int64) (*oas.LegalDocumentHeaders, error) {
		return agent.SignLegalDocument(ctx, &oas.LegalSignInput{Signature: sig, Fingerprint: fingerprint}, oas.SignLegalDocumentParams{ID: doc})
	}
	// Not uploaded yet; then a text that is not the one shown.
	if _, err := sign(su.Response.ID, fp, id); statusOf(err) != 422 {
		t.Errorf("a signature not uploaded: %v", err)
	}
	sig := upload(t, env, su.Response, []byte(signatureSVG), "image/svg+xml")
	if _, err := sign(sig, legaldoc.Fingerprint("Independent Associate Agreement", "2026-10", body), id); statusOf(err) != 409 {
		t.Errorf("a changed text: %v", err)
	}
	// Another associate's signature file.
	rmd := client(t, env, ready(t, env, seed.DemoRMD))
	rsu, err := rmd.GetLegalSignatureSignedURL(ctx)
	if err != nil {
		t.Fatal(err)
	}
	foreign := upload(t, env, rsu.Response, []byte(signatureSVG), "image/svg+xml")
	if _, err := sign(foreign, fp, id); statusOf(err) != 422 {
		t.Errorf("another's signature: %v", err)
	}

	signed, err := sign(sig, fp, id)
	if err != nil || signed.Response.Status != oas.LegalDocumentStatusSigned || !signed.Response.HasCopy.Value ||
		signed.Response.SignedIP.Value == "" || !signed.Response.SignedAt.Set {
		t.Fatalf("sign: %+v %v", signed, err)
	}
	// The same signing again (a lost answer) answers the same; the signature signs nothing else.
	again, err := sign(sig, fp, id)
	if err != nil || !again.Response.SignedAt.Value.Equal(signed.Response.SignedAt.Value) {
		t.Errorf("signing again: %+v %v", again, err)
	}
	oldDoc, err := agent.GetLegalDocument(ctx, oas.GetLegalDocumentParams{ID: older})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sign(sig, oldDoc.Response.Fingerprint.Value, older); statusOf(err) != 422 {
		t.Errorf("one signature for two documents: %v", err)
	}

	link, err := agent.DownloadLegalDocument(ctx, oas.DownloadLegalDocumentParams{ID: id})
	if err != nil {
		t.Fatal(err)
	}
	pdf := do(t, env, "GET", link.Response.URL, "", nil, nil)
	if pdf.Status != 200 || pdf.Header.Get("Content-Type") != "application/pdf" || !bytes.HasPrefix(pdf.Body, []byte("%PDF-")) {
		t.Fatalf("the copy: %d %q %.20q", pdf.Status, pdf.Header.Get("Content-Type"), pdf.Body)
	}

	// Another associate: not found. The associate cannot revoke; staff acting for it can, once.
	if _, err := rmd.GetLegalDocument(ctx, oas.GetLegalDocumentParams{ID: id}); statusOf(err) != 404 {
		t.Errorf("another associate's document: %v", err)
	}
	if _, err := agent.RevokeLegalDocument(ctx, &oas.LegalRevokeInput{Reason: "x"}, oas.RevokeLegalDocumentParams{ID: id}); statusOf(err) != 403 {
		t.Errorf("the associate revoking: %v", err)
	}
	acting := actingClient(t, env, seed.DemoStaff, seed.DemoAgtCode)
	if _, err := acting.SignLegalDocument(ctx, &oas.LegalSignInput{Signature: sig, Fingerprint: fp}, oas.SignLegalDocumentParams{ID: older}); statusOf(err) != 403 {
		t.Errorf("staff signing for the associate: %v", err)
	}
	rev, err := acting.RevokeLegalDocument(ctx, &oas.LegalRevokeInput{Reason: " Superseded by the 2027 agreement "}, oas.RevokeLegalDocumentParams{ID: id})
	if err != nil || rev.Response.Status != oas.LegalDocumentStatusRevoked || rev.Response.RevokeReason.Value != "Superseded by the 2027 agreement" || !rev.Response.HasCopy.Value {
		t.Fatalf("revoke: %+v %v", rev, err)
	}
	if _, err := acting.RevokeLegalDocument(ctx, &oas.LegalRevokeInput{Reason: "again"}, oas.RevokeLegalDocumentParams{ID: id}); statusOf(err) != 409 {
		t.Errorf("revoking twice: %v", err)
	}
	if _, err := sign(sig, fp, id); statusOf(err) != 409 {
		t.Errorf("signing a revoked document: %v", err)
	}

	logs, err := agent.ListAccountChangeLogs(ctx, oas.ListAccountChangeLogsParams{FilterEntityEq: oas.NewOptChangeLogEntity(oas.ChangeLogEntityLegalDocument)})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range logs.Response.Data {
		got = append(got, l.Field.Value+":"+l.NewValue.Value)
	}
	if strings.Join(got, " ") != "revoke_reason:Superseded by the 2027 agreement status:Revoked status:Signed" {
		t.Errorf("change log: %q", got)
	}
}

// TestInternationalAppointment: a request for provinces of the other country, one waiting
// at a time, decided by staff acting for the associate.
func TestInternationalAppointment(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	agent := client(t, env, ready(t, env, seed.DemoAgent))

	view, err := agent.GetInternationalAppointment(ctx)
	if err != nil || view.Response.Country != oas.CountryCanada || len(view.Response.Data) != 0 {
		t.Fatalf("before: %+v %v", view, err)
	}
	if _, err := agent.RequestInternationalAppointment(ctx, &oas.InternationalAppointmentInput{States: []oas.StateCode{"ON", "TX"}}); statusOf(err) != 422 {
		t.Errorf("a US state in a Canadian request: %v", err)
	}
	req, err := agent.RequestInternationalAppointment(ctx, &oas.InternationalAppointmentInput{States: []oas.StateCode{"ON", "BC", "ON"},
		Note: oas.NewOptString(" Clients moving to Toronto ")})
	if err != nil || req.Response.Status != oas.AppointmentRequestStatusPending || len(req.Response.States) != 2 ||
		req.Response.States[0] != "BC" || req.Response.Note.Value != "Clients moving to Toronto" {
		t.Fatalf("request: %+v %v", req, err)
	}
	if _, err := agent.RequestInternationalAppointment(ctx, &oas.InternationalAppointmentInput{States: []oas.StateCode{"QC"}}); statusOf(err) != 409 {
		t.Errorf("a second waiting request: %v", err)
	}
	if _, err := agent.DecideInternationalAppointment(ctx, &oas.AppointmentDecision{Decision: oas.AppointmentDecisionDecisionApprove},
		oas.DecideInternationalAppointmentParams{ID: req.Response.ID}); statusOf(err) != 403 {
		t.Errorf("the associate deciding: %v", err)
	}
	acting := actingClient(t, env, seed.DemoStaff, seed.DemoAgtCode)
	if _, err := acting.DecideInternationalAppointment(ctx, &oas.AppointmentDecision{Decision: oas.AppointmentDecisionDecisionReject},
		oas.DecideInternationalAppointmentParams{ID: req.Response.ID}); statusOf(err) != 422 {
		t.Errorf("a rejection without a reason: %v", err)
	}
	ok, err := acting.DecideInternationalAppointment(ctx, &oas.AppointmentDecision{Decision: oas.AppointmentDecisionDecisionApprove},
		oas.DecideInternationalAppointmentParams{ID: req.Response.ID})
	if err != nil || ok.Response.Status != oas.AppointmentRequestStatusApproved || ok.Response.DecidedBy.Value != "Sam Staffer" || !ok.Response.DecidedAt.Set {
		t.Fatalf("approve: %+v %v", ok, err)
	}
	if _, err := acting.DecideInternationalAppointment(ctx, &oas.AppointmentDecision{Decision: oas.AppointmentDecisionDecisionReject, Note: oas.NewOptString("no")},
		oas.DecideInternationalAppointmentParams{ID: req.Response.ID}); statusOf(err) != 409 {
		t.Errorf("deciding twice: %v", err)
	}
	// Decided, another may be asked; another associate sees none of these.
	if _, err := agent.RequestInternationalAppointment(ctx, &oas.InternationalAppointmentInput{States: []oas.StateCode{"QC"}}); err != nil {
		t.Errorf("a request after the decision: %v", err)
	}
	rmd := client(t, env, ready(t, env, seed.DemoRMD))
	if v, err := rmd.GetInternationalAppointment(ctx); err != nil || len(v.Response.Data) != 0 {
		t.Errorf("another associate's view: %+v %v", v, err)
	}
	if _, err := actingClient(t, env, seed.DemoStaff, seed.DemoRMDCode).DecideInternationalAppointment(ctx,
		&oas.AppointmentDecision{Decision: oas.AppointmentDecisionDecisionApprove}, oas.DecideInternationalAppointmentParams{ID: req.Response.ID}); statusOf(err) != 404 {
		t.Errorf("deciding another associate's request: %v", err)
	}
}

// photoJPEG is a JPEG of w×h with an EXIF segment holding a canary (a place, a camera).
func photoJPEG(t *testing.T, w, h int, canary string) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), uint8(x + y), 255})
		}
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, nil); err != nil {
		t.Fatal(err)
	}
	raw := b.Bytes()
	exif := append([]byte("Exif\x00\x00"), canary...)
	seg := append([]byte{0xFF, 0xE1, byte((len(exif) + 2) >> 8), byte(len(exif) + 2)}, exif...)
	return append(append(append([]byte{}, raw[:2]...), seg...), raw[2:]...)
}

// TestAccountPhoto: an uploaded photo becomes WebP renditions without its metadata, served
// with long cache headers, in the sizes each place shows; a bomb or a document is refused.
func TestAccountPhoto(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	agent := client(t, env, ready(t, env, seed.DemoAgent))
	put := func(body []byte, ct string) string {
		su, err := agent.GetAccountPhotoSignedURL(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return upload(t, env, su.Response, body, ct)
	}

	const canary = "CANARY-GPS 30.2672N 97.7431W"
	id := put(photoJPEG(t, 300, 200, canary), "image/jpeg")
	pr, err := agent.UpdateAccountPhoto(ctx, &oas.PhotoInput{File: id})
	if err != nil || !pr.Response.PhotoURL.Set {
		t.Fatalf("set photo: %+v %v", pr, err)
	}
	res := do(t, env, "GET", pr.Response.PhotoURL.Value, "", nil, nil)
	if res.Status != 200 || res.Header.Get("Content-Type") != "image/webp" || !bytes.HasPrefix(res.Body, []byte("RIFF")) ||
		!strings.Contains(res.Header.Get("Cache-Control"), "immutable") || bytes.Contains(res.Body, []byte("CANARY")) {
		t.Fatalf("the photo: %d %q %q", res.Status, res.Header.Get("Content-Type"), res.Header.Get("Cache-Control"))
	}
	// The upload is used up: made a photo again, it is refused by field, not a 500.
	if _, err := agent.UpdateAccountPhoto(ctx, &oas.PhotoInput{File: id}); statusOf(err) != 422 {
		t.Errorf("the same upload twice: %v", err)
	}
	// A rendition is not an upload: sent back as one (staff acting for another associate
	// read its id from the URL), it is refused, and the photo stays whole.
	photoURL, err := url.Parse(pr.Response.PhotoURL.Value)
	if err != nil {
		t.Fatal(err)
	}
	rendition := strings.TrimSuffix(path.Base(photoURL.Path), ".webp")
	var kind string
	if err := env.Pool.QueryRow(ctx, `SELECT purpose FROM files WHERE id = $1`, rendition).Scan(&kind); err != nil || kind != "photo_rendition" {
		t.Fatalf("the photo URL's file %q: %q %v", rendition, kind, err)
	}
	for _, c := range []*oas.Client{agent, actingClient(t, env, seed.DemoStaff, seed.DemoRMDCode)} {
		if _, err := c.UpdateAccountPhoto(ctx, &oas.PhotoInput{File: rendition}); statusOf(err) != 422 {
			t.Errorf("a rendition %q sent as an upload: %v", rendition, err)
		}
	}
	if again := do(t, env, "GET", pr.Response.PhotoURL.Value, "", nil, nil); again.Status != 200 {
		t.Errorf("the photo after a rendition was sent as an upload: %d", again.Status)
	}
	// The URL stays the same (within the day), so that the browser's cached copy serves.
	if again, err := agent.GetAccount(ctx); err != nil || again.Response.PhotoURL.Value != pr.Response.PhotoURL.Value {
		t.Errorf("the photo URL changed between two answers: %v", err)
	}
	// The header and the lists ask for the smaller renditions, each a WebP of its own.
	access, err := agent.GetAccess(ctx)
	if err != nil || !strings.Contains(access.Response.User.PhotoURL.Value, "-48.webp?") {
		t.Fatalf("the header's photo: %+v %v", access, err)
	}
	if small := do(t, env, "GET", access.Response.User.PhotoURL.Value, "", nil, nil); small.Status != 200 || len(small.Body) >= len(res.Body) {
		t.Errorf("the 48 px rendition: %d, %d bytes (512 px: %d)", small.Status, len(small.Body), len(res.Body))
	}
	// The upload as sent is not kept.
	var kept int
	if err := env.Pool.QueryRow(ctx, `SELECT count(*) FROM files WHERE id = $1`, id).Scan(&kept); err != nil || kept != 0 {
		t.Fatalf("the upload's row: %d %v", kept, err)
	}
	if _, err := env.Handler.Files.Open(ctx, id); err == nil {
		t.Error("the upload with its metadata is still stored")
	}

	// A bomb (a PNG header claiming 100000×100000) and a PDF sent as a photo are refused
	// by field; the photo stays.
	bomb := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR\x00\x01\x86\xa0\x00\x01\x86\xa0\x08\x02\x00\x00\x00\x00\x00\x00\x00")
	for name, body := range map[string][]byte{"bomb": bomb} {
		_, err := agent.UpdateAccountPhoto(ctx, &oas.PhotoInput{File: put(body, "image/png")})
		var e *oas.ErrorStatusCode
		if statusOf(err) != 422 || !asError(err, &e) || e.Response.Errors[0].Field != "file" {
			t.Errorf("%s: %v", name, err)
		}
	}
	su, err := agent.GetAccountPhotoSignedURL(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if r := do(t, env, "PUT", su.Response.URL, "", voidCheque, header{"Content-Type": "image/jpeg"}); r.Status != 422 {
		t.Errorf("a PDF uploaded as a photo: %d", r.Status)
	}
	rmd := client(t, env, ready(t, env, seed.DemoRMD))
	if _, err := rmd.UpdateAccountPhoto(ctx, &oas.PhotoInput{File: put(photoJPEG(t, 20, 20, ""), "image/jpeg")}); statusOf(err) != 422 {
		t.Errorf("another's upload: %v", err)
	}
	if now, err := agent.GetAccount(ctx); err != nil || now.Response.PhotoURL.Value != pr.Response.PhotoURL.Value {
		t.Errorf("the photo after refusals: %v", err)
	}

	gone, err := agent.DeleteAccountPhoto(ctx)
	if err != nil || gone.Response.PhotoURL.Set {
		t.Fatalf("remove: %+v %v", gone, err)
	}
	// Removed, its renditions go: a URL handed out before leads nowhere.
	for _, u := range []string{pr.Response.PhotoURL.Value, access.Response.User.PhotoURL.Value} {
		if r := do(t, env, "GET", u, "", nil, nil); r.Status != 404 {
			t.Errorf("a removed photo's URL %s: %d", u, r.Status)
		}
	}
	var left int
	if err := env.Pool.QueryRow(ctx, `SELECT count(*) FROM files WHERE purpose = 'photo_rendition'`).Scan(&left); err != nil || left != 0 {
		t.Errorf("%d renditions left after the photo was removed (%v)", left, err)
	}
	logs, err := agent.ListAccountChangeLogs(ctx, oas.ListAccountChangeLogsParams{FilterFieldEq: oas.NewOptString("photo")})
	if err != nil || len(logs.Response.Data) != 2 {
		t.Errorf("photo changes in the change log: %+v %v", logs, err)
	}
}

// TestCreateW9Document: staff acting for an associate enter its W-9; the TIN is checked,
// sealed under the current key and only ever answered masked; the associate then has it to
// acknowledge.
func TestCreateW9Document(t *testing.T) {
	env := servertest.Start(t)
	ctx := context.Background()
	acting := actingClient(t, env, seed.DemoStaff, seed.DemoRMDCode)
	in := oas.W9Input{Name: " Renee Mitchell ", BusinessName: oas.NewOptString("Mitchell Financial LLC"),
		EntityType: oas.W9InputEntityTypeLLC, TinKind: oas.W9InputTinKindEIN, Tin: "12-3456789"}
	w, err := acting.CreateW9Document(ctx, &in)
	if err != nil || w.Response.TinMasked != "**-***6789" || w.Response.Name != "Renee Mitchell" || !w.Response.RequiresSignature {
		t.Fatalf("create: %+v %v", w, err)
	}
	var sealed []byte
	var keyID, last4 string
	if err := env.Pool.QueryRow(ctx, `SELECT tin_encrypted, tin_key_id, tin_last4 FROM w9_documents WHERE id = $1`, w.Response.ID).
		Scan(&sealed, &keyID, &last4); err != nil {
		t.Fatal(err)
	}
	plain, err := env.Keys.OpenWith(keyID, sealed)
	if err != nil || string(plain) != "123456789" || keyID != env.Keys.ID() || last4 != "6789" || bytes.Contains(sealed, []byte("3456789")) {
		t.Errorf("at rest: key %q, last4 %q, opens to %q (%v)", keyID, last4, plain, err)
	}
	// Refused by field: an SSN no one is issued; nothing stored.
	bad := in
	bad.TinKind, bad.Tin = oas.W9InputTinKindSSN, "666-12-3456"
	_, err = acting.CreateW9Document(ctx, &bad)
	var e *oas.ErrorStatusCode
	if statusOf(err) != 422 || !asError(err, &e) || e.Response.Errors[0].Field != "tin" {
		t.Errorf("an SSN starting 666: %v", err)
	}
	var n int
	if err := env.Pool.QueryRow(ctx, `SELECT count(*) FROM w9_documents WHERE id > $1`, w.Response.ID).Scan(&n); err != nil || n != 0 {
		t.Errorf("%d W-9s stored after a refusal (%v)", n, err)
	}
	// The RMD has it to acknowledge; its change log shows it masked.
	rmd := client(t, env, login(t, env, seed.DemoRMD))
	acks, err := rmd.ListAcknowledgements(ctx)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, d := range acks.Response.W9Documents {
		found = found || (d.ID == w.Response.ID && d.TinMasked == "**-***6789")
	}
	if !found {
		t.Errorf("the W-9 is not waiting for the RMD: %+v", acks.Response.W9Documents)
	}
	var logged string
	if err := env.Pool.QueryRow(ctx, `SELECT new_value FROM change_logs WHERE field = 'w9' ORDER BY id DESC LIMIT 1`).Scan(&logged); err != nil ||
		strings.Contains(logged, "3456789") || !strings.Contains(logged, "6789") {
		t.Errorf("the change log: %q %v", logged, err)
	}
}
