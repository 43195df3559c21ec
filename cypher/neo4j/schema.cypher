// kgmem schema for Neo4j 5. Applied on first open and by `kgmem schema apply`; every statement
// is idempotent. Index options cannot take parameters, so {{embeddingDimension}} is filled by the
// loader with the configured embedder's dimension (a validated positive integer). The full-text
// indexes hold each node's user key (a hash of the user id), which every query requires, so a
// query ranks one user's nodes however many users share the index.
CREATE CONSTRAINT kgmem_user_id IF NOT EXISTS FOR (u:User) REQUIRE u.id IS UNIQUE;
CREATE CONSTRAINT kgmem_entity_uid IF NOT EXISTS FOR (e:Entity) REQUIRE e.uid IS UNIQUE;
CREATE CONSTRAINT kgmem_entity_user_key IF NOT EXISTS FOR (e:Entity) REQUIRE (e.userId, e.key) IS UNIQUE;
CREATE CONSTRAINT kgmem_entity_key_id IF NOT EXISTS FOR (k:EntityKey) REQUIRE k.id IS UNIQUE;
CREATE CONSTRAINT kgmem_episode_uid IF NOT EXISTS FOR (p:Episode) REQUIRE p.uid IS UNIQUE;
CREATE CONSTRAINT kgmem_fact_uid IF NOT EXISTS FOR ()-[f:FACT]-() REQUIRE f.uid IS UNIQUE;
CREATE CONSTRAINT kgmem_meta_key IF NOT EXISTS FOR (m:Meta) REQUIRE m.key IS UNIQUE;
CREATE INDEX kgmem_entity_user IF NOT EXISTS FOR (e:Entity) ON (e.userId);
CREATE INDEX kgmem_fact_user_key IF NOT EXISTS FOR ()-[f:FACT]-() ON (f.userId, f.key);
CREATE INDEX kgmem_episode_user IF NOT EXISTS FOR (p:Episode) ON (p.userId, p.status);
CREATE VECTOR INDEX kgmem_entity_embedding IF NOT EXISTS FOR (e:Entity) ON (e.embedding) OPTIONS {indexConfig: {`vector.dimensions`: {{embeddingDimension}}, `vector.similarity_function`: 'cosine'}};
DROP INDEX kgmem_entity_names IF EXISTS;
CREATE FULLTEXT INDEX kgmem_entity_text IF NOT EXISTS FOR (e:Entity) ON EACH [e.name, e.aliasText, e.userKey];
CREATE CONSTRAINT kgmem_store_item_id IF NOT EXISTS FOR (i:StoreItem) REQUIRE i.id IS UNIQUE;
CREATE INDEX kgmem_store_item_path IF NOT EXISTS FOR (i:StoreItem) ON (i.path);
CREATE INDEX kgmem_store_item_user IF NOT EXISTS FOR (i:StoreItem) ON (i.userId);
DROP INDEX kgmem_episode_text IF EXISTS;
// Turns are searched by the terms kgmem reads out of them (as the embedded store searches them):
// fields Lucene splits on whitespace only. The indexes of the raw text and concepts are retired.
DROP INDEX kgmem_episode_search IF EXISTS;
DROP INDEX kgmem_episode_concepts IF EXISTS;
CREATE FULLTEXT INDEX kgmem_episode_terms IF NOT EXISTS FOR (p:Episode) ON EACH [p.terms, p.userKey] OPTIONS {indexConfig: {`fulltext.analyzer`: 'whitespace'}};
CREATE FULLTEXT INDEX kgmem_episode_concept_terms IF NOT EXISTS FOR (p:Episode) ON EACH [p.conceptTerms, p.userKey] OPTIONS {indexConfig: {`fulltext.analyzer`: 'whitespace'}};
DROP INDEX kgmem_fact_statement IF EXISTS;
CREATE VECTOR INDEX kgmem_episode_embedding IF NOT EXISTS FOR (p:Episode) ON (p.embedding) OPTIONS {indexConfig: {`vector.dimensions`: {{embeddingDimension}}, `vector.similarity_function`: 'cosine'}};
CREATE VECTOR INDEX kgmem_fact_embedding IF NOT EXISTS FOR ()-[f:FACT]-() ON (f.embedding) OPTIONS {indexConfig: {`vector.dimensions`: {{embeddingDimension}}, `vector.similarity_function`: 'cosine'}};
