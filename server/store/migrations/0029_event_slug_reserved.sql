-- The web app's past-events list is /events/past, beside /events/{slug}: an event slugged
-- "past" could never be opened there. The word is refused as a slug, with the form of the
-- other slugs (lower-case letters, digits, single hyphens).
ALTER TABLE events ADD CONSTRAINT events_slug_form
    CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 100 AND slug <> 'past');
