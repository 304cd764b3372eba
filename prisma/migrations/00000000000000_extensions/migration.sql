-- Trigram search on contacts (names, email, phone) needs pg_trgm before the init migration builds its GIN index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
