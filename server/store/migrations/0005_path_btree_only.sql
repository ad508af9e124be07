-- Subtree conditions are btree ranges now (see store.subtreeOf); a GiST index on path
-- tempted the planner into scans that ignore the hierarchy order, and nothing needs it.
DROP INDEX associates_path_gist;
