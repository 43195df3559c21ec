// One setting recorded in the database (e.g. embeddingDimension).
MATCH (m:Meta {key: $key}) RETURN m.value AS value
