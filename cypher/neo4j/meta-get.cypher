MATCH (m:Meta {key: $key}) RETURN m.value AS value
