// Drops the FLOAT[] entity embedding column once its values were moved into `vector`.
ALTER TABLE Entity DROP embedding
