// The FACT edge's old embedding column, dropped once every value is in a FactVector node.
ALTER TABLE FACT DROP vector
