-- Trigram search (ILIKE '%term%' on an index) and GIN indexes that also filter by business id.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
