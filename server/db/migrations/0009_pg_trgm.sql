-- Trigram matching for the lists' substring searches (ilike '%words%'): the indexes of the next migration (0010).
-- A trusted extension: the database's owner may create it; PGlite loads it from its contrib build (db/pglite.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
