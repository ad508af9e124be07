package seed

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"strings"

	"github.com/jackc/pgx/v5"
)

// providerProfile is what a carrier tells about itself, by provider code.
type providerProfile struct {
	countries   []string
	domain      string
	description string
	color       color.RGBA // of its logo
}

var providerProfiles = map[string]providerProfile{
	"NWL": {[]string{"USA"}, "northwindlife.example", "Term, whole life and indexed universal life for middle-income families, with accelerated underwriting up to $1,000,000 of coverage.", color.RGBA{0x1f, 0x4e, 0x79, 0xff}},
	"SPA": {[]string{"USA"}, "summitpeakannuity.example", "Fixed and fixed indexed annuities with guaranteed lifetime income riders and a 10-year surrender schedule.", color.RGBA{0x3b, 0x6e, 0x8f, 0xff}},
	"HRB": {[]string{"USA"}, "harborrockbenefits.example", "Medicare supplement, dental and accident plans sold through independent agents in 46 states.", color.RGBA{0x0e, 0x7c, 0x7b, 0xff}},
	"GLF": {[]string{"USA", "Canada"}, "greatlakesfinancial.example", "A mutual company offering indexed universal life, annuities and managed accounts on both sides of the border.", color.RGBA{0x23, 0x5a, 0x9c, 0xff}},
	"PCL": {[]string{"USA", "Canada"}, "pacificcrestlife.example", "Simplified-issue term and final expense with same-day decisions on the e-App.", color.RGBA{0x2e, 0x86, 0xab, 0xff}},
	"MTA": {[]string{"Canada"}, "mapletrust.example", "Canadian life insurer: term, whole life and critical illness, with bilingual agent support.", color.RGBA{0xb0, 0x22, 0x2c, 0xff}},
	"ELH": {[]string{"USA"}, "evergreenlegacy.example", "Health services and final expense, with a dedicated senior-market underwriting team.", color.RGBA{0x2d, 0x6a, 0x4f, 0xff}},
	"BRI": {[]string{"USA"}, "blueridgeins.example", "Whole life and final expense for families in the Southeast and Midwest.", color.RGBA{0x3a, 0x5a, 0x8c, 0xff}},
	"SNA": {[]string{"USA"}, "sterlingannuity.example", "Indexed and fixed annuities with bonus crediting in the first year.", color.RGBA{0x6b, 0x6b, 0x78, 0xff}},
	"CVL": {[]string{"USA"}, "cedarvalleylife.example", "Indexed universal life with living benefits and a strong illustration tool.", color.RGBA{0x5a, 0x7d, 0x3a, 0xff}},
	"ATL": {[]string{"USA"}, "atlastermlife.example", "Term life from 10 to 30 years, convertible to permanent coverage without new underwriting.", color.RGBA{0x44, 0x3c, 0x8f, 0xff}},
	"PRI": {[]string{"USA", "Canada"}, "prairieincome.example", "Income annuities, managed portfolios and real estate income funds for retirement planning.", color.RGBA{0xa8, 0x6b, 0x1d, 0xff}},
}

var contactRoles = []string{"Agent Support Manager", "New Business Case Manager", "Regional Sales Director",
	"Licensing & Appointments Specialist", "Underwriting Consultant", "Commissions Specialist", "Brokerage Manager",
	"Marketing Coordinator"}

var videoTitles = []string{"Product overview for new agents", "How to submit an e-App", "Reading an IUL illustration",
	"Annuity suitability training", "Agent portal tour", "Understanding living benefits riders", "Final expense in five minutes",
	"Case design tips from underwriting", "Replacement rules explained", "Quarterly product update"}

var linkTitles = []struct{ title, path string }{
	{"Agent portal", "/agents/login"}, {"Forms library", "/agents/forms"}, {"Underwriting guide", "/agents/underwriting"},
	{"Commission schedule", "/agents/commissions"}, {"Product guide", "/agents/products"},
	{"Licensing & appointments", "/agents/contracting"}, {"Illustration software", "/agents/illustrations"},
	{"Marketing materials", "/agents/marketing"}, {"Policy status lookup", "/agents/policy-status"},
}

// providerDetails gives the seeded providers (ids 1..len(providerNames)) their countries
// (with those of their products, when products are seeded first), website, description,
// two to four contacts, three to six videos and three to six links. With put (which
// stores a file's content by id) it also gives each a logo and one or two attachments;
// without it, it writes no file rows, since a row without content would be a broken link.
func providerDetails(ctx context.Context, tx pgx.Tx, r *rand.Rand, o Options, put func(id string, data []byte) error) error {
	var contacts, videos, links, attachments [][]any
	for i, pn := range providerNames {
		id := int64(i + 1)
		prof := providerProfiles[pn.code]
		website := "https://www." + prof.domain
		var logo *string
		if put != nil {
			fid, err := storeFile(ctx, tx, r, put, "photo", "image/png", logoPNG(prof.color, r))
			if err != nil {
				return err
			}
			logo = &fid
		}
		// The provider's own countries, and those of the products it offers.
		if _, err := tx.Exec(ctx, `UPDATE providers p SET website = $2, description = $3, logo_file_id = $4,
				countries = ARRAY(SELECT c FROM unnest($5::text[] || coalesce((SELECT array_agg(x) FROM products pr, unnest(pr.countries) x
					WHERE pr.provider_id = p.id), '{}')) c GROUP BY c ORDER BY c = 'Canada', c)
			WHERE id = $1`, id, website, prof.description, logo, prof.countries); err != nil {
			return fmt.Errorf("seed provider %s: %w", pn.code, err)
		}
		for _, k := range r.Perm(len(contactRoles))[:2+r.IntN(3)] {
			first, last := firstNames[r.IntN(len(firstNames))], lastNames[r.IntN(len(lastNames))]
			email := strings.ToLower(first+"."+last) + "@" + prof.domain
			contacts = append(contacts, []any{id, first + " " + last, contactRoles[k], fmt.Sprintf("800%07d", r.IntN(10_000_000)), email})
		}
		for pos, k := range r.Perm(len(videoTitles))[:3+r.IntN(4)] {
			videos = append(videos, []any{id, pos + 1, videoTitles[k], "https://www.youtube.com/watch?v=" + videoID(r)})
		}
		for pos, k := range r.Perm(len(linkTitles))[:3+r.IntN(4)] {
			links = append(links, []any{id, pos + 1, linkTitles[k].title, website + linkTitles[k].path})
		}
		if put != nil {
			docs := []struct {
				title, contentType string
				data               []byte
			}{
				{pn.name + " underwriting guide", "application/pdf", guidePDF(pn.name + " underwriting guide")},
				{pn.name + " commission grid", "text/csv", gridCSV(r)},
			}
			for pos, d := range docs[:1+r.IntN(2)] {
				fid, err := storeFile(ctx, tx, r, put, "document", d.contentType, d.data)
				if err != nil {
					return err
				}
				attachments = append(attachments, []any{id, pos + 1, d.title, fid})
			}
		}
	}
	for _, t := range []struct {
		table string
		cols  []string
		rows  [][]any
	}{
		{"provider_contacts", []string{"provider_id", "name", "role", "phone", "email"}, contacts},
		{"provider_videos", []string{"provider_id", "position", "title", "url"}, videos},
		{"provider_links", []string{"provider_id", "position", "title", "url"}, links},
		{"provider_attachments", []string{"provider_id", "position", "title", "file_id"}, attachments},
	} {
		if _, err := tx.CopyFrom(ctx, pgx.Identifier{t.table}, t.cols, pgx.CopyFromRows(t.rows)); err != nil {
			return fmt.Errorf("seed %s: %w", t.table, err)
		}
	}
	o.Progress("providers", len(providerNames), len(providerNames))
	return nil
}

const idChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

// videoID is a YouTube-like video id (11 characters).
func videoID(r *rand.Rand) string {
	b := make([]byte, 11)
	for i := range b {
		b[i] = idChars[r.IntN(len(idChars))]
	}
	return string(b)
}

// storeFile writes a file's content through put and its row as the file host would after
// an upload; the id comes from the seed's randomness, so the same seed gives the same ids.
func storeFile(ctx context.Context, tx pgx.Tx, r *rand.Rand, put func(string, []byte) error, purpose, contentType string, data []byte) (string, error) {
	b := make([]byte, 22)
	for i := range b {
		b[i] = idChars[r.IntN(len(idChars))]
	}
	id := string(b)
	if err := put(id, data); err != nil {
		return "", fmt.Errorf("seed file: %w", err)
	}
	sum := sha256.Sum256(data)
	_, err := tx.Exec(ctx, `INSERT INTO files (id, purpose, content_type, size, sha256, uploaded_at) VALUES ($1, $2, $3, $4, $5, now())`,
		id, purpose, contentType, len(data), sum[:])
	return id, err
}

// logoPNG is a small square logo: the carrier's colour with a lighter band.
func logoPNG(c color.RGBA, r *rand.Rand) []byte {
	const size = 96
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	light := color.RGBA{uint8(min(255, int(c.R)+90)), uint8(min(255, int(c.G)+90)), uint8(min(255, int(c.B)+90)), 0xff}
	band := 30 + r.IntN(30)
	for y := range size {
		for x := range size {
			px := c
			if d := x + y - size; d > band-size/2 && d < band {
				px = light
			}
			img.SetRGBA(x, y, px)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		panic(err) // encoding an in-memory image cannot fail
	}
	return buf.Bytes()
}

// guidePDF is a one-page PDF with a title.
func guidePDF(title string) []byte {
	title = strings.NewReplacer(`\`, `\\`, `(`, `\(`, `)`, `\)`).Replace(title)
	stream := fmt.Sprintf("BT /F1 18 Tf 72 720 Td (%s) Tj ET\nBT /F1 11 Tf 72 690 Td (For agent use only. Not for distribution to clients.) Tj ET", title)
	objects := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(stream), stream),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
	}
	return pdf(objects)
}

// pdf writes a PDF file of its objects (numbered from 1, the first the catalogue).
func pdf(objects []string) []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n")
	offsets := make([]int, len(objects))
	for i, o := range objects {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objects)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objects)+1, xref)
	return b.Bytes()
}

// gridCSV is a carrier's commission grid by product line.
func gridCSV(r *rand.Rand) []byte {
	var b strings.Builder
	b.WriteString("product,first_year_rate_pct,renewal_rate_pct\n")
	for _, l := range productLinesOf(r) {
		fmt.Fprintf(&b, "%s,%d,%d\n", l, 80+r.IntN(41), 2+r.IntN(4))
	}
	return []byte(b.String())
}

func productLinesOf(r *rand.Rand) []string {
	names := []string{"Term 20", "Indexed Universal Life", "Whole Life Legacy", "Final Expense Guaranteed"}
	return names[:2+r.IntN(len(names)-1)]
}
