// kgmem schema for the embedded LadybugDB backend. Applied on every open whose recorded schema
// differs; every statement is idempotent. Entity keys keep + # & @ (migrations.ts re-keys
// entities stored before, once, when this text changes).
CREATE NODE TABLE IF NOT EXISTS Meta(key STRING PRIMARY KEY, value STRING);
CREATE NODE TABLE IF NOT EXISTS User(id STRING PRIMARY KEY, createdAt TIMESTAMP);
CREATE NODE TABLE IF NOT EXISTS Entity(uid STRING PRIMARY KEY, userId STRING, key STRING, name STRING, type STRING, summary STRING, aliases STRING[], vector STRING, createdAt TIMESTAMP, updatedAt TIMESTAMP, mentions INT64);
CREATE NODE TABLE IF NOT EXISTS EntityKey(id STRING PRIMARY KEY, userId STRING, key STRING);
CREATE NODE TABLE IF NOT EXISTS Episode(uid STRING PRIMARY KEY, userId STRING, threadId STRING, messages STRING, contentHash STRING, summary STRING, at TIMESTAMP, status STRING, error STRING, text STRING, vector STRING);
CREATE REL TABLE IF NOT EXISTS OWNS(FROM User TO Entity);
CREATE REL TABLE IF NOT EXISTS KEY_OF(FROM EntityKey TO Entity);
CREATE REL TABLE IF NOT EXISTS HAS_EPISODE(FROM User TO Episode);
CREATE REL TABLE IF NOT EXISTS MENTIONS(FROM Episode TO Entity);
CREATE REL TABLE IF NOT EXISTS FACT(FROM Entity TO Entity, uid STRING, userId STRING, predicate STRING, key STRING, statement STRING, confidence DOUBLE, validFrom TIMESTAMP, validTo TIMESTAMP, createdAt TIMESTAMP, episodeIds STRING[], invalidatedBy STRING, supersededBy STRING, mentions INT64);
CREATE NODE TABLE IF NOT EXISTS StoreItem(id STRING PRIMARY KEY, userId STRING, path STRING, key STRING, value STRING, vectors STRING, createdAt TIMESTAMP, updatedAt TIMESTAMP, seq INT64);
// Columns added after the first release: databases created before them gain them on open.
ALTER TABLE FACT ADD IF NOT EXISTS supersededBy STRING;
// Episode text (what full-text search reads) and embeddings of entities and episodes as text
// (src/store/ladybug/vector-codec.ts; '' until computed): kgmem searches them in process,
// exactly. Databases from before kept entity embeddings in a FLOAT[] column `embedding`: the
// store moves them into `vector` and drops that column on open.
ALTER TABLE Entity ADD IF NOT EXISTS vector STRING DEFAULT '';
ALTER TABLE Episode ADD IF NOT EXISTS text STRING DEFAULT '';
ALTER TABLE Episode ADD IF NOT EXISTS vector STRING DEFAULT '';
// Embeddings of fact statements, one node per fact (its id encodes the user and the fact's uid)
// reached from its user: not a property of the FACT edge (see fact-vectors-create.cypher). Databases from before
// kept them on the edge (`FACT.vector`): the store moves them here and drops that column on open.
CREATE NODE TABLE IF NOT EXISTS FactVector(id STRING PRIMARY KEY, uid STRING, userId STRING, vector STRING);
CREATE REL TABLE IF NOT EXISTS HAS_FACT_VECTOR(FROM User TO FactVector);
// Each time a fact was said (ISO instants) and by which episode or source; empty for a fact said
// once, at its start, by its first source (src/store/observations.ts).
ALTER TABLE FACT ADD IF NOT EXISTS observedAt STRING[];
ALTER TABLE FACT ADD IF NOT EXISTS observedBy STRING[];
