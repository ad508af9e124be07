-- Team lists default to hierarchy order (each associate before its recruits), which is
-- ltree's btree order. With these, a view's first page is a range scan in that order:
-- Infinity and the leader views over (path), Base Shop over (leader_id, path).
CREATE INDEX associates_tree ON associates (path);
CREATE INDEX associates_leader_tree ON associates (leader_id, path);
DROP INDEX associates_leader;
