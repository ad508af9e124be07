-- The WebP renditions of a photo are files of their own purpose, so that one can never be
-- sent back as an upload to be made a photo (which would use it up under another
-- associate's photo); renditions stored under 0022 become so too.
ALTER TABLE files DROP CONSTRAINT files_purpose_check;
UPDATE files SET purpose = 'photo_rendition' WHERE purpose = 'photo' AND content_type = 'image/webp'
    AND (id IN (SELECT photo_file_id FROM associates WHERE photo_file_id IS NOT NULL)
         OR id ~ '-(128|48)$');
ALTER TABLE files ADD CONSTRAINT files_purpose_check
    CHECK (purpose IN ('signature', 'photo', 'photo_rendition', 'document', 'export', 'legal_copy'));
