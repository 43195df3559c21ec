// Replaces the entity embedding column by one of another dimension before `kgmem reembed` fills
// it from an embedder of that dimension. {{embeddingDimension}} is a validated positive integer.
ALTER TABLE Entity DROP embedding;
ALTER TABLE Entity ADD embedding FLOAT[{{embeddingDimension}}];
