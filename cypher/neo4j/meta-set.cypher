MERGE (m:Meta {key: $key}) SET m.value = $value
