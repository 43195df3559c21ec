import { cpus } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_BATCH_SIZE } from '../src/cli/commands/import.js';
import { IMPORT_BUFFER_POOL } from '../src/cli/context.js';
import { HashingEmbeddings } from '../src/embed/hashing.js';
import { createMemory } from '../src/memory/create.js';
import { tempDir } from '../test/helpers/temp-dir.js';
import { benchBackends } from './backends.js';
import { benchCrash } from './crash.js';
import { benchEpisodes } from './episodes.js';
import { benchExtraction } from './extraction.js';
import { benchExtractionModels } from './extraction-models.js';
import { benchLatency } from './latency.js';
import { benchLocomo } from './locomo.js';
import { benchManyUsers } from './many-users.js';
import { benchMetaqa } from './metaqa.js';
import { benchMetaqaBatches } from './metaqa-batches.js';
import { loadKb } from './metaqa-data.js';
import { benchPersonal } from './personal.js';
import { benchResolution } from './resolution.js';
import { seededUids } from './seeded-uids.js';
import { benchSemantic } from './semantic.js';
import { benchServeLoad } from './serve-load.js';
import { benchServeMixed } from './serve-mixed.js';
import { benchViewer, benchViewerBigUser } from './viewer.js';

/**
 * `npm run bench`: prints every benchmark as Markdown tables. Environment knobs:
 * BENCH_BASELINE_SAMPLE (questions per hop for the vector-only baseline, default 100),
 * BENCH_QUESTIONS (limit kgmem's questions per hop; default all 1,000), BENCH_ONLY (a comma list of
 * sections: retrieval, serve (with retrieval: kgmem serve under load), mixed (kgmem serve under mixed reads and writes), locomo, personal, resolution, semantic, episodes, users, extraction, viewer, backends, crash).
 */
async function main(): Promise<void> {
  const started = performance.now();
  const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
  const runs = (section: string) => !only || only.includes(section);
  console.log(
    `# kgmem benchmarks\n\nMachine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, ${new Date().toISOString().slice(0, 10)}\n`,
  );
  if (runs('retrieval')) await benchRetrieval(runs('serve'), runs('viewer'));
  if (runs('locomo')) console.log(`\n${(await benchLocomo()).markdown}`);
  if (runs('personal')) console.log(`\n${(await benchPersonal()).markdown}`);
  if (runs('resolution')) console.log(`\n${await benchResolution()}`);
  if (runs('semantic')) console.log(`\n${await benchSemantic()}`);
  if (runs('backends')) console.log(`\n${await benchBackends()}`);
  if (runs('episodes')) console.log(`\n${await benchEpisodes()}`);
  if (runs('users')) console.log(`\n${await benchManyUsers()}`);
  if (runs('mixed')) console.log(`\n${await benchServeMixed()}`);
  if (runs('extraction')) console.log(`\n${await benchExtraction()}\n\n${await benchExtractionModels()}`);
  if (runs('viewer')) console.log(`\n${await benchViewer()}`);
  if (runs('crash')) console.log(`\n${await benchCrash()}\n\n${await benchMetaqaBatches()}`);
  console.log(`\n_Total bench time: ${((performance.now() - started) / 1000).toFixed(0)} s._`);
}

/**
 * MetaQA recall, bulk import and recall latency, the viewer on that user; then `kgmem serve`
 * under load on it.
 */
async function benchRetrieval(withServe: boolean, withViewer: boolean): Promise<void> {
  const dir = tempDir('kgmem-bench-');
  // The kb goes in as `kgmem import` writes it: one transaction, with the pool that command opens.
  const memory = await createMemory({
    dataDir: dir.path,
    embeddings: new HashingEmbeddings(),
    env: {},
    newUid: seededUids(),
    store: { ladybug: { path: join(dir.path, 'graph.lbug'), bufferPoolSize: IMPORT_BUFFER_POOL } },
  });
  try {
    const metaqa = await benchMetaqa(memory, {
      baselineSample: Number(process.env.BENCH_BASELINE_SAMPLE ?? 100),
      ...(process.env.BENCH_QUESTIONS ? { questionLimit: Number(process.env.BENCH_QUESTIONS) } : {}),
    });
    console.log(metaqa.markdown);
    console.log(
      `\n### Bulk import\n\n| file | facts | facts/s |\n| --- | ---: | ---: |\n| MetaQA kb.tsv (addTriples, ${DEFAULT_BATCH_SIZE.toLocaleString('en-US')} per transaction, as \`kgmem import\`) | ${metaqa.facts.toLocaleString('en-US')} | ${Math.round(metaqa.importRate).toLocaleString('en-US')} |\n`,
    );
    console.log(await benchLatency({ memory, userId: 'metaqa' }, loadKb()));
    if (withViewer) console.log(`\n${await benchViewerBigUser(memory, 'metaqa')}`);
    await memory.close();
    if (withServe) console.log(`\n${await benchServeLoad({ dataDir: dir.path, userId: 'metaqa' })}`);
  } finally {
    await memory.close();
    dir.remove();
  }
}

await main();
