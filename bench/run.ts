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
import { runContext, stampTime } from './page/machine.js';
import { benchPagePath, measuredBlock, updatePage } from './page/page.js';
import { PAGE_SECTIONS, type PageSection } from './page/sections.js';
import { benchPersonal } from './personal.js';
import { benchProcesses } from './processes.js';
import { benchResolution } from './resolution.js';
import { seededUids } from './seeded-uids.js';
import { benchSemantic } from './semantic.js';
import { benchServeLoad } from './serve-load.js';
import { benchServeMixed } from './serve-mixed.js';
import { benchViewer, benchViewerBigUser } from './viewer.js';

/** What runs each section of the page (see bench/page/sections.ts for what each measures). */
const RUNNERS: Readonly<Record<string, () => Promise<string>>> = {
  retrieval: benchRetrieval,
  locomo: async () => (await benchLocomo()).markdown,
  personal: async () => (await benchPersonal()).markdown,
  semantic: benchSemantic,
  resolution: benchResolution,
  episodes: benchEpisodes,
  users: () => benchManyUsers(),
  processes: benchProcesses,
  mixed: benchServeMixed,
  backends: benchBackends,
  extraction: benchExtraction,
  models: benchExtractionModels,
  viewer: () => benchViewer(),
  crash: async () => `${await benchCrash()}\n\n${await benchMetaqaBatches()}`,
};

/** The sections `BENCH_ONLY` names (all the bench runs when unset), refusing unknown ids. */
function chosenSections(only: string | undefined): PageSection[] {
  const unrun = PAGE_SECTIONS.filter((s) => !s.id.startsWith('fit-') && !RUNNERS[s.id]);
  if (unrun.length > 0) throw new Error(`No runner for page sections ${unrun.map((s) => s.id).join(', ')}.`);
  const runnable = PAGE_SECTIONS.filter((s) => RUNNERS[s.id]);
  if (!only) return runnable;
  const ids = only
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = ids.filter((id) => !RUNNERS[id]);
  if (unknown.length > 0)
    throw new Error(
      `BENCH_ONLY names no section ${unknown.map((id) => `"${id}"`).join(', ')}; the sections are ${runnable.map((s) => s.id).join(', ')}.`,
    );
  return runnable.filter((s) => ids.includes(s.id));
}

/**
 * `npm run bench`: runs the benchmark sections, prints each as Markdown and writes them into
 * docs/benchmarks.md (see bench/page/page.ts). Environment knobs: BENCH_ONLY (a comma list of
 * section ids), BENCH_PAGE (the page to write, `none` for none), BENCH_BASELINE_SAMPLE (questions
 * per hop for the vector-only baseline, default 100), BENCH_QUESTIONS (limit kgmem's MetaQA
 * questions per hop; default all 1,000), and the sections' own (BENCH_MIXED_SECONDS, BENCH_LLM_THREADS).
 */
async function main(): Promise<void> {
  const started = performance.now();
  const sections = chosenSections(process.env.BENCH_ONLY);
  const run = runContext();
  const page = benchPagePath();
  console.log(`# kgmem benchmarks\n\n${run.when}, commit ${run.commit}; ${run.machine}\n`);
  const failed: string[] = [];
  for (const section of sections) {
    const sectionStart = performance.now();
    try {
      const output = await (RUNNERS[section.id] as () => Promise<string>)();
      console.log(`\n${output}`);
      const seconds = (performance.now() - sectionStart) / 1000;
      // The commit and settings are the run's (its code was loaded at the start); the time is the section's.
      if (page) updatePage(page, [measuredBlock(section, { ...run, when: stampTime() }, output, seconds)]);
    } catch (error) {
      failed.push(section.id);
      console.error(`\nSection "${section.id}" failed; the page keeps what it had for it.\n`, error);
    }
  }
  console.log(`\n_Total bench time: ${((performance.now() - started) / 1000).toFixed(0)} s._`);
  if (page) console.log(`Written: ${page}`);
  if (failed.length > 0) {
    console.error(`Failed sections: ${failed.join(', ')}`);
    process.exitCode = 1;
  }
}

/**
 * MetaQA recall, bulk import and recall latency, the viewer on that user; then `kgmem serve`
 * under load on it. Returns the section's Markdown.
 */
async function benchRetrieval(): Promise<string> {
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
    const parts = [metaqa.markdown];
    parts.push(
      `### Bulk import\n\n| file | facts | facts/s |\n| --- | ---: | ---: |\n| MetaQA kb.tsv (addTriples, ${DEFAULT_BATCH_SIZE.toLocaleString('en-US')} per transaction, as \`kgmem import\`) | ${metaqa.facts.toLocaleString('en-US')} | ${Math.round(metaqa.importRate).toLocaleString('en-US')} |\n`,
    );
    parts.push(await benchLatency({ memory, userId: 'metaqa' }, loadKb()));
    parts.push(await benchViewerBigUser(memory, 'metaqa'));
    await memory.close();
    parts.push(await benchServeLoad({ dataDir: dir.path, userId: 'metaqa' }));
    return parts.map((part) => part.trim()).join('\n\n');
  } finally {
    await memory.close();
    dir.remove();
  }
}

await main();
