// Drops the vector indexes before `kgmem reembed` switches to an embedder of another dimension;
// the schema then creates them again at the new dimension.
DROP INDEX kgmem_entity_embedding IF EXISTS;
DROP INDEX kgmem_episode_embedding IF EXISTS;
DROP INDEX kgmem_fact_embedding IF EXISTS;
