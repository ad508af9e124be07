package store

import (
	"context"
	"net/mail"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"github.com/associateportal/portal/sdk/lists"
	"github.com/associateportal/portal/server/auth"
	"github.com/associateportal/portal/server/changelog"
	"github.com/associateportal/portal/server/errs"
	"github.com/associateportal/portal/server/listing"
)

// Entity kinds of the change log for the providers' lists (reference data: no associate
// owns them, so their rows have no owner).
const (
	EntityProviderContact    = "provider_contact"
	EntityProviderVideo      = "provider_video"
	EntityProviderLink       = "provider_link"
	EntityProviderAttachment = "provider_attachment"
)

// Provider is a product provider (carrier) with the size of each of its lists.
type Provider struct {
	ID              int64
	Code            string
	Name            string
	LogoFileID      string // "" without a logo
	LogoContentType string
	Countries       []string
	Website         string
	Description     string
	Contacts        int
	Videos          int
	Links           int
	Attachments     int
	Products        int // active ones
}

// ProviderListing is the whitelist of the provider list: the contract's filters and
// orders (sdk/lists), read from these columns.
var ProviderListing = listing.FromContract(lists.ListProviders, map[string]listing.Column{
	"id":   {SQL: "p.id"},
	"name": {SQL: "p.name"},
	"country": {Where: func(_ listing.Op, arg string) string {
		return arg + " = ANY(p.countries)"
	}},
})

const providerColumns = `p.id, p.code, p.name, coalesce(lf.id, ''), coalesce(lf.content_type, ''), p.countries,
	coalesce(p.website, ''), coalesce(p.description, ''),
	(SELECT count(*) FROM provider_contacts x WHERE x.provider_id = p.id),
	(SELECT count(*) FROM provider_videos x WHERE x.provider_id = p.id),
	(SELECT count(*) FROM provider_links x WHERE x.provider_id = p.id),
	(SELECT count(*) FROM provider_attachments x WHERE x.provider_id = p.id),
	(SELECT count(*) FROM products x WHERE x.provider_id = p.id AND x.active)`

// providerFrom is the providers with their logo (only once it is uploaded).
const providerFrom = ` FROM providers p LEFT JOIN files lf ON lf.id = p.logo_file_id AND lf.uploaded_at IS NOT NULL`

// providerScan is one scan target for a whole result (see clientScan).
type providerScan struct {
	p    Provider
	dest []any
}

func newProviderScan() *providerScan {
	s := &providerScan{}
	p := &s.p
	s.dest = []any{&p.ID, &p.Code, &p.Name, &p.LogoFileID, &p.LogoContentType, &p.Countries, &p.Website, &p.Description,
		&p.Contacts, &p.Videos, &p.Links, &p.Attachments, &p.Products}
	return s
}

// ListProviders calls each for every provider of a page (at most q.Limit+1 rows); every
// signed-in user reads them. The provider passed is reused for the next row.
func (s *Store) ListProviders(ctx context.Context, q listing.Query, each func(*Provider)) error {
	var args listing.Args
	sql := `SELECT ` + providerColumns + providerFrom + ` WHERE ` + q.Where(&args) + ` ORDER BY ` + q.OrderBy() + ` ` + q.LimitOffset(&args)
	rows, err := s.db.Query(ctx, sql, args.Query()...)
	if err != nil {
		return translate(err)
	}
	defer rows.Close()
	sc := newProviderScan()
	for rows.Next() {
		if err := rows.Scan(sc.dest...); err != nil {
			return translate(err)
		}
		each(&sc.p)
	}
	return translate(rows.Err())
}

// ProviderSortValue is a provider's value of a sortable field, for cursors.
func ProviderSortValue(p *Provider, field string) any {
	switch field {
	case "id":
		return p.ID
	case "name":
		return p.Name
	}
	panic("store: no sort value for provider field " + field)
}

// errProviderNotFound is the answer for a provider id that names nothing.
func errProviderNotFound() error { return errs.NotFoundf("Provider not found") }

// GetProvider answers one provider with the size of each of its lists.
func (s *Store) GetProvider(ctx context.Context, id int64) (Provider, error) {
	sc := newProviderScan()
	err := s.db.QueryRow(ctx, `SELECT `+providerColumns+providerFrom+` WHERE p.id = $1`, id).Scan(sc.dest...)
	if err != nil {
		if errs.Is(translate(err), errs.NotFound) {
			return Provider{}, errProviderNotFound()
		}
		return Provider{}, translate(err)
	}
	return sc.p, nil
}

// checkProvider answers NotFound for a provider that does not exist. With lock, it takes
// the provider's row lock until the transaction ends: every change of a provider's
// ordered lists takes it first, so that two of them never interleave (the positions stay
// 1..n). FOR NO KEY UPDATE rather than FOR UPDATE: it excludes the other list writers
// just as well, without holding up the inserts of products and policies that reference
// the provider (their foreign keys take FOR KEY SHARE, which FOR UPDATE would block).
func (s *Store) checkProvider(ctx context.Context, id int64, lock bool) error {
	sql := `SELECT id FROM providers WHERE id = $1`
	if lock {
		sql += ` FOR NO KEY UPDATE`
	}
	var got int64
	if err := s.db.QueryRow(ctx, sql, id).Scan(&got); err != nil {
		if errs.Is(translate(err), errs.NotFound) {
			return errProviderNotFound()
		}
		return translate(err)
	}
	return nil
}

// logReference writes the change-log rows of reference data (no owning associate) in the
// caller's transaction.
func (s *Store) logReference(ctx context.Context, p *auth.Principal, entity string, id int64, action string, changes []changelog.Change) error {
	return s.logChanges(ctx, p, entity, id, 0, action, changes)
}

// Contacts.

// ContactInput is the editable part of a provider contact; optional fields are "".
type ContactInput struct {
	Name  string
	Role  string
	Phone string // ten digits once normalised
	Email string
}

// ProviderContact is a stored contact.
type ProviderContact struct {
	ContactInput
	ID         int64
	ProviderID int64
}

var nonDigits = regexp.MustCompile(`\D`)

// Normalize trims the fields, lowers the email and reduces the phone to its digits
// (without a leading 1 of eleven), as a client's.
func (in *ContactInput) Normalize() {
	for _, p := range []*string{&in.Name, &in.Role, &in.Phone, &in.Email} {
		*p = strings.TrimSpace(*p)
	}
	in.Email = strings.ToLower(in.Email)
	if in.Phone != "" {
		d := nonDigits.ReplaceAllString(in.Phone, "")
		if len(d) == 11 && d[0] == '1' {
			d = d[1:]
		}
		in.Phone = d
	}
}

// Validate checks an input after Normalize; the messages are the ones the forms show.
func (in *ContactInput) Validate() error {
	var f errs.Fields
	if in.Name == "" {
		f.Add("name", "Name is required")
	}
	if in.Role == "" {
		f.Add("role", "Role is required")
	}
	if in.Phone != "" && len(in.Phone) != 10 {
		f.Add("phone", "Phone must have 10 digits")
	}
	if in.Email != "" {
		if a, err := mail.ParseAddress(in.Email); err != nil || a.Address != in.Email {
			f.Add("email", "Email must be a valid email address")
		}
	}
	return f.Err()
}

// Fields lists the field values of a contact by API name, for the change log.
func (in *ContactInput) Fields() [][2]string {
	return [][2]string{{"name", in.Name}, {"role", in.Role}, {"phone", in.Phone}, {"email", in.Email}}
}

const contactColumns = `id, provider_id, name, role, coalesce(phone, ''), coalesce(email, '')`

func scanContact(row pgx.Row, c *ProviderContact) error {
	return row.Scan(&c.ID, &c.ProviderID, &c.Name, &c.Role, &c.Phone, &c.Email)
}

// ListProviderContacts answers a provider's contacts by name.
func (s *Store) ListProviderContacts(ctx context.Context, providerID int64) ([]ProviderContact, error) {
	if err := s.checkProvider(ctx, providerID, false); err != nil {
		return nil, err
	}
	rows, err := s.db.Query(ctx, `SELECT `+contactColumns+` FROM provider_contacts WHERE provider_id = $1 ORDER BY name, id`, providerID)
	return collect(rows, err, func(r pgx.Rows, c *ProviderContact) error { return scanContact(r, c) })
}

// getContact loads a contact of a provider (locked for a change): a contact of another
// provider is as unknown as one that does not exist.
func (s *Store) getContact(ctx context.Context, providerID, id int64, lock bool) (ProviderContact, error) {
	sql := `SELECT ` + contactColumns + ` FROM provider_contacts WHERE provider_id = $1 AND id = $2`
	if lock {
		sql += ` FOR UPDATE`
	}
	var c ProviderContact
	if err := scanContact(s.db.QueryRow(ctx, sql, providerID, id), &c); err != nil {
		if errs.Is(translate(err), errs.NotFound) {
			return c, errs.NotFoundf("Contact not found")
		}
		return c, translate(err)
	}
	return c, nil
}

// CreateProviderContact adds a contact to a provider and logs its creation.
func (s *Store) CreateProviderContact(ctx context.Context, p *auth.Principal, providerID int64, in ContactInput) (ProviderContact, error) {
	in.Normalize()
	if err := in.Validate(); err != nil {
		return ProviderContact{}, err
	}
	var out ProviderContact
	err := s.InTx(ctx, func(tx *Store) error {
		if err := tx.checkProvider(ctx, providerID, false); err != nil {
			return err
		}
		err := scanContact(tx.db.QueryRow(ctx, `INSERT INTO provider_contacts (provider_id, name, role, phone, email)
			VALUES ($1, $2, $3, $4, $5) RETURNING `+contactColumns,
			providerID, in.Name, in.Role, nullable(in.Phone), nullable(in.Email)), &out)
		if err != nil {
			return translate(err)
		}
		return tx.logReference(ctx, p, EntityProviderContact, out.ID, changelog.Create, nil)
	})
	return out, err
}

// UpdateProviderContact replaces a contact's fields and logs one row per changed field.
func (s *Store) UpdateProviderContact(ctx context.Context, p *auth.Principal, providerID, id int64, in ContactInput) (ProviderContact, error) {
	in.Normalize()
	if err := in.Validate(); err != nil {
		return ProviderContact{}, err
	}
	var out ProviderContact
	err := s.InTx(ctx, func(tx *Store) error {
		if err := tx.checkProvider(ctx, providerID, false); err != nil {
			return err
		}
		old, err := tx.getContact(ctx, providerID, id, true)
		if err != nil {
			return err
		}
		changes := changelog.Diff(old.Fields(), in.Fields())
		if len(changes) == 0 {
			out = old
			return nil
		}
		err = scanContact(tx.db.QueryRow(ctx, `UPDATE provider_contacts SET name = $2, role = $3, phone = $4, email = $5, updated_at = now()
			WHERE id = $1 RETURNING `+contactColumns, id, in.Name, in.Role, nullable(in.Phone), nullable(in.Email)), &out)
		if err != nil {
			return translate(err)
		}
		return tx.logReference(ctx, p, EntityProviderContact, id, changelog.Update, changes)
	})
	return out, err
}

// DeleteProviderContact removes a contact and logs the values it had.
func (s *Store) DeleteProviderContact(ctx context.Context, p *auth.Principal, providerID, id int64) error {
	return s.InTx(ctx, func(tx *Store) error {
		if err := tx.checkProvider(ctx, providerID, false); err != nil {
			return err
		}
		old, err := tx.getContact(ctx, providerID, id, true)
		if err != nil {
			return err
		}
		if _, err := tx.db.Exec(ctx, `DELETE FROM provider_contacts WHERE id = $1`, id); err != nil {
			return translate(err)
		}
		return tx.logReference(ctx, p, EntityProviderContact, id, changelog.Delete, changelog.Deleted(old.Fields()))
	})
}

// The ordered lists: videos, links and attachments.

// ItemKind names one of a provider's ordered lists, as the API's {kind} does.
type ItemKind string

// The ordered lists.
const (
	Videos      ItemKind = "videos"
	Links       ItemKind = "links"
	Attachments ItemKind = "attachments"
)

// kindInfo is what the store needs of a list: its table (a constant, written into the
// SQL), its change-log entity and the noun of its messages.
type kindInfo struct {
	table, entity, noun string
}

var itemKinds = map[ItemKind]kindInfo{
	Videos:      {"provider_videos", EntityProviderVideo, "Video"},
	Links:       {"provider_links", EntityProviderLink, "Link"},
	Attachments: {"provider_attachments", EntityProviderAttachment, "Attachment"},
}

func (k ItemKind) info() (kindInfo, error) {
	i, ok := itemKinds[k]
	if !ok {
		return i, errs.NotFoundf("Unknown list %q", string(k))
	}
	return i, nil
}

// ItemInput is the editable part of an item: a title with a URL (videos, links) or with
// an uploaded file (attachments).
type ItemInput struct {
	Title  string
	URL    string
	FileID string
}

// ProviderItem is an item of an ordered list. Attachments carry their file (the API
// answers a signed download URL for it); videos and links their URL.
type ProviderItem struct {
	ID          int64
	Position    int
	Title       string
	URL         string
	FileID      string
	ContentType string
	Size        int64
}

// MaxURL is the longest URL of a video or link.
const MaxURL = 2000

// AttachmentTypes are the content types an attachment may have (as the file host sniffs
// them).
var AttachmentTypes = []string{
	"application/pdf",
	"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
	"text/csv",
	"image/jpeg",
	"image/png",
	"image/webp",
}

// Normalize trims the fields.
func (in *ItemInput) Normalize() {
	for _, p := range []*string{&in.Title, &in.URL, &in.FileID} {
		*p = strings.TrimSpace(*p)
	}
}

// Validate checks an input of a kind after Normalize (not the attachment's file, which
// takes the database: checkAttachmentFile).
func (in *ItemInput) Validate(k ItemKind) error {
	var f errs.Fields
	if in.Title == "" {
		f.Add("title", "Title is required")
	}
	if k == Attachments {
		if in.FileID == "" {
			f.Add("file_id", "File is required")
		}
		if in.URL != "" {
			f.Add("url", "An attachment takes a file, not a URL")
		}
		return f.Err()
	}
	switch {
	case in.URL == "":
		f.Add("url", "URL is required")
	case utf8.RuneCountInString(in.URL) > MaxURL:
		f.Add("url", "URL must be at most %d characters", MaxURL)
	case !webURL(in.URL):
		f.Add("url", "URL must start with http:// or https://")
	}
	if in.FileID != "" {
		f.Add("file_id", "Only attachments take a file")
	}
	return f.Err()
}

// webURL reports whether s is an absolute http or https URL with a host.
func webURL(s string) bool {
	u, err := url.Parse(s)
	if err != nil || u.Host == "" {
		return false
	}
	scheme := strings.ToLower(u.Scheme)
	return (scheme == "http" || scheme == "https") && strings.HasPrefix(strings.ToLower(s), scheme+"://")
}

// fields lists the values of an item of a kind by API name, for the change log.
func (it *ProviderItem) fields(k ItemKind) [][2]string {
	if k == Attachments {
		return [][2]string{{"title", it.Title}, {"file_id", it.FileID}, {"position", strconv.Itoa(it.Position)}}
	}
	return [][2]string{{"title", it.Title}, {"url", it.URL}, {"position", strconv.Itoa(it.Position)}}
}

// itemSelect is the query of a list's items (`i`), with the file of an attachment.
func itemSelect(k ItemKind, info kindInfo) string {
	if k == Attachments {
		return `SELECT i.id, i.position, i.title, '', i.file_id, coalesce(f.content_type, ''), coalesce(f.size, 0)
			FROM ` + info.table + ` i JOIN files f ON f.id = i.file_id`
	}
	return `SELECT i.id, i.position, i.title, i.url, '', '', 0::bigint FROM ` + info.table + ` i`
}

func scanItem(row pgx.Row, it *ProviderItem) error {
	return row.Scan(&it.ID, &it.Position, &it.Title, &it.URL, &it.FileID, &it.ContentType, &it.Size)
}

// ListProviderItems answers one of a provider's ordered lists, in order.
func (s *Store) ListProviderItems(ctx context.Context, providerID int64, k ItemKind) ([]ProviderItem, error) {
	info, err := k.info()
	if err != nil {
		return nil, err
	}
	if err := s.checkProvider(ctx, providerID, false); err != nil {
		return nil, err
	}
	return s.items(ctx, providerID, k, info)
}

func (s *Store) items(ctx context.Context, providerID int64, k ItemKind, info kindInfo) ([]ProviderItem, error) {
	rows, err := s.db.Query(ctx, itemSelect(k, info)+` WHERE i.provider_id = $1 ORDER BY i.position`, providerID)
	return collect(rows, err, func(r pgx.Rows, it *ProviderItem) error { return scanItem(r, it) })
}

// getItem loads an item of a provider's list: one of another provider, or of another
// list, is as unknown as one that does not exist.
func (s *Store) getItem(ctx context.Context, providerID int64, k ItemKind, info kindInfo, id int64) (ProviderItem, error) {
	var it ProviderItem
	err := scanItem(s.db.QueryRow(ctx, itemSelect(k, info)+` WHERE i.provider_id = $1 AND i.id = $2`, providerID, id), &it)
	if err != nil {
		if errs.Is(translate(err), errs.NotFound) {
			return it, errs.NotFoundf("%s not found", info.noun)
		}
		return it, translate(err)
	}
	return it, nil
}

// ReserveAttachment reserves a file id for an attachment of a provider, owned by the
// uploading staff member: only they can attach it (checkAttachmentFile).
func (s *Store) ReserveAttachment(ctx context.Context, p *auth.Principal, providerID int64, fileID string) error {
	if err := s.checkProvider(ctx, providerID, false); err != nil {
		return err
	}
	return s.CreateFile(ctx, File{ID: fileID, OwnerUserID: &p.UserID, Purpose: "document"})
}

// checkAttachmentFile verifies that a file is a document the caller uploaded, of a type
// an attachment may have.
func (s *Store) checkAttachmentFile(ctx context.Context, p *auth.Principal, id string) error {
	var purpose, contentType string
	var owner *int64
	var uploaded bool
	err := s.db.QueryRow(ctx, `SELECT purpose, coalesce(content_type, ''), owner_user_id, uploaded_at IS NOT NULL
		FROM files WHERE id = $1`, id).Scan(&purpose, &contentType, &owner, &uploaded)
	if err != nil && !errs.Is(translate(err), errs.NotFound) {
		return translate(err)
	}
	switch {
	case err != nil || purpose != "document" || owner == nil || *owner != p.UserID:
		return errs.Validation(errs.Field("file_id", "File is not a document you uploaded"))
	case !uploaded:
		return errs.Validation(errs.Field("file_id", "File has not been uploaded yet"))
	case !slices.Contains(AttachmentTypes, contentType):
		return errs.Validation(errs.Field("file_id", "File must be a pdf, xlsx, csv, jpg, png or webp file"))
	}
	return nil
}

// CreateProviderItem adds an item at the end of a list (position n+1) and logs it.
func (s *Store) CreateProviderItem(ctx context.Context, p *auth.Principal, providerID int64, k ItemKind, in ItemInput) (ProviderItem, error) {
	info, err := k.info()
	if err != nil {
		return ProviderItem{}, err
	}
	in.Normalize()
	if err := in.Validate(k); err != nil {
		return ProviderItem{}, err
	}
	var out ProviderItem
	err = s.InTx(ctx, func(tx *Store) error {
		if err := tx.checkProvider(ctx, providerID, true); err != nil {
			return err
		}
		var id int64
		var err error
		if k == Attachments {
			if err := tx.checkAttachmentFile(ctx, p, in.FileID); err != nil {
				return err
			}
			err = tx.db.QueryRow(ctx, `INSERT INTO provider_attachments (provider_id, position, title, file_id)
				SELECT $1, count(*) + 1, $2, $3 FROM provider_attachments WHERE provider_id = $1 RETURNING id`,
				providerID, in.Title, in.FileID).Scan(&id)
		} else {
			err = tx.db.QueryRow(ctx, `INSERT INTO `+info.table+` (provider_id, position, title, url)
				SELECT $1, count(*) + 1, $2, $3 FROM `+info.table+` WHERE provider_id = $1 RETURNING id`,
				providerID, in.Title, in.URL).Scan(&id)
		}
		if err != nil {
			return translate(err)
		}
		if err := tx.logReference(ctx, p, info.entity, id, changelog.Create, nil); err != nil {
			return err
		}
		out, err = tx.getItem(ctx, providerID, k, info, id)
		return err
	})
	return out, err
}

// UpdateProviderItem changes an item's title and URL or file (not its position) and logs
// one row per changed field.
func (s *Store) UpdateProviderItem(ctx context.Context, p *auth.Principal, providerID int64, k ItemKind, id int64, in ItemInput) (ProviderItem, error) {
	info, err := k.info()
	if err != nil {
		return ProviderItem{}, err
	}
	in.Normalize()
	if err := in.Validate(k); err != nil {
		return ProviderItem{}, err
	}
	var out ProviderItem
	err = s.InTx(ctx, func(tx *Store) error {
		if err := tx.checkProvider(ctx, providerID, true); err != nil {
			return err
		}
		old, err := tx.getItem(ctx, providerID, k, info, id)
		if err != nil {
			return err
		}
		updated := old
		updated.Title, updated.URL, updated.FileID = in.Title, in.URL, in.FileID
		changes := changelog.Diff(old.fields(k), updated.fields(k))
		if len(changes) == 0 {
			out = old
			return nil
		}
		if k == Attachments {
			// The file it already has stays valid, whoever uploaded it.
			if in.FileID != old.FileID {
				if err := tx.checkAttachmentFile(ctx, p, in.FileID); err != nil {
					return err
				}
			}
			_, err = tx.db.Exec(ctx, `UPDATE provider_attachments SET title = $2, file_id = $3, updated_at = now() WHERE id = $1`,
				id, in.Title, in.FileID)
		} else {
			_, err = tx.db.Exec(ctx, `UPDATE `+info.table+` SET title = $2, url = $3, updated_at = now() WHERE id = $1`,
				id, in.Title, in.URL)
		}
		if err != nil {
			return translate(err)
		}
		if err := tx.logReference(ctx, p, info.entity, id, changelog.Update, changes); err != nil {
			return err
		}
		out, err = tx.getItem(ctx, providerID, k, info, id)
		return err
	})
	return out, err
}

// MoveProviderItem moves an item to a position (clamped to 1..n) and shifts the items in
// between by one, in one statement under the provider's lock; it answers the whole list
// in its new order. The positions stay 1..n without gaps however many moves race: each
// waits for the lock, then reads the list as the one before left it.
func (s *Store) MoveProviderItem(ctx context.Context, p *auth.Principal, providerID int64, k ItemKind, id int64, position int) ([]ProviderItem, error) {
	info, err := k.info()
	if err != nil {
		return nil, err
	}
	var out []ProviderItem
	err = s.InTx(ctx, func(tx *Store) error {
		if err := tx.checkProvider(ctx, providerID, true); err != nil {
			return err
		}
		var from, n int
		err := tx.db.QueryRow(ctx, `SELECT i.position, (SELECT count(*) FROM `+info.table+` WHERE provider_id = $1)
			FROM `+info.table+` i WHERE i.provider_id = $1 AND i.id = $2`, providerID, id).Scan(&from, &n)
		if err != nil {
			if errs.Is(translate(err), errs.NotFound) {
				return errs.NotFoundf("%s not found", info.noun)
			}
			return translate(err)
		}
		to := min(max(position, 1), n)
		if to != from {
			// The item goes to `to`; those between shift one place towards where it was.
			// The unique (provider_id, position) is deferred: checked at the commit, once
			// every row has moved.
			_, err = tx.db.Exec(ctx, `UPDATE `+info.table+` SET position = CASE
					WHEN id = $2 THEN $4::int
					WHEN $4::int < $3::int THEN position + 1
					ELSE position - 1 END,
				updated_at = CASE WHEN id = $2 THEN now() ELSE updated_at END
				WHERE provider_id = $1 AND position BETWEEN least($3::int, $4::int) AND greatest($3::int, $4::int)`,
				providerID, id, from, to)
			if err != nil {
				return translate(err)
			}
			err = tx.logReference(ctx, p, info.entity, id, changelog.Update,
				[]changelog.Change{{Field: "position", Old: strconv.Itoa(from), New: strconv.Itoa(to)}})
			if err != nil {
				return err
			}
		}
		out, err = tx.items(ctx, providerID, k, info)
		return err
	})
	return out, err
}

// DeleteProviderItem removes an item, moves the ones after it up one place and logs the
// values it had.
func (s *Store) DeleteProviderItem(ctx context.Context, p *auth.Principal, providerID int64, k ItemKind, id int64) error {
	info, err := k.info()
	if err != nil {
		return err
	}
	return s.InTx(ctx, func(tx *Store) error {
		if err := tx.checkProvider(ctx, providerID, true); err != nil {
			return err
		}
		old, err := tx.getItem(ctx, providerID, k, info, id)
		if err != nil {
			return err
		}
		if _, err := tx.db.Exec(ctx, `DELETE FROM `+info.table+` WHERE id = $1`, id); err != nil {
			return translate(err)
		}
		if _, err := tx.db.Exec(ctx, `UPDATE `+info.table+` SET position = position - 1 WHERE provider_id = $1 AND position > $2`,
			providerID, old.Position); err != nil {
			return translate(err)
		}
		return tx.logReference(ctx, p, info.entity, id, changelog.Delete, changelog.Deleted(old.fields(k)))
	})
}
