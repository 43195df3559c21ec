/** One section of the benchmark page: what it measures and the command that writes it. */
export interface PageSection {
  /** The id `BENCH_ONLY` names and the page's markers carry. */
  id: string;
  /** The section's heading on the page. */
  title: string;
  /** One line for the page's contents: what the section measures. */
  about: string;
  /** The command that measures it again and rewrites its part of the page. */
  command: string;
}

const bench = (id: string) => `BENCH_ONLY=${id} npm run bench`;

/** Every section of docs/benchmarks.md, in page order. */
export const PAGE_SECTIONS: readonly PageSection[] = [
  {
    id: 'retrieval',
    title: 'MetaQA multi-hop recall, import, latency and the server under load',
    about:
      '129,233 movie facts as one user: 1- to 3-hop recall beside a vector-only store, import rate, recall latency, `kgmem serve` under 16 clients, the viewer on that user',
    command: bench('retrieval'),
  },
  {
    id: 'locomo',
    title: 'LoCoMo: evidence turns against BM25',
    about: 'two long conversations through `remember()`, evidence-turn recall@k and hit@1 beside BM25',
    command: bench('locomo'),
  },
  {
    id: 'personal',
    title: 'Personal memory: everyday questions',
    about: '32 personas, 1,400 questions in two wordings, facts written three ways, beside BM25',
    command: bench('personal'),
  },
  {
    id: 'semantic',
    title: 'Recall with a real sentence model, beside the seeds’ store',
    about:
      'kgmem, LangGraph’s store, BM25 and their hybrid with the offline embedder and all-MiniLM-L6-v2; write cost of each embedder',
    command: bench('semantic'),
  },
  {
    id: 'resolution',
    title: 'Entity resolution: one thing, one node',
    about: '182 name pairs: same-thing pairs merged, look-alikes kept apart, with each embedder',
    command: bench('resolution'),
  },
  {
    id: 'fit-offline',
    title: 'Fitting the offline recipe',
    about:
      'the offline recipe’s fusion numbers fitted on training splits, checked on splits the fit never saw',
    command: 'npm run fit',
  },
  {
    id: 'fit-semantic',
    title: 'Fitting the sentence-model recipe',
    about: 'the same fit for all-MiniLM-L6-v2',
    command: 'npm run fit semantic',
  },
  {
    id: 'episodes',
    title: 'Episode search and the write cost of search',
    about: 'turn search in a user with 10,000 stored turns; embedding requests per write',
    command: bench('episodes'),
  },
  {
    id: 'users',
    title: 'Many users in one process',
    about: '1,000 users × (150 facts + 20 turns): resident memory, cold and warm recall',
    command: bench('users'),
  },
  {
    id: 'processes',
    title: 'One command, one process',
    about: 'start-up, `kgmem import` of the MetaQA kb and a cold `kgmem recall`: wall time and peak memory',
    command: bench('processes'),
  },
  {
    id: 'mixed',
    title: '`kgmem serve` under mixed reads and writes',
    about:
      '16 and 64 closed-loop clients on both backends, then a run killed with SIGKILL: latency, errors, acknowledged writes counted back',
    command: bench('mixed'),
  },
  {
    id: 'backends',
    title: 'LadybugDB and Neo4j side by side',
    about: 'the same workloads on the embedded store and the local Neo4j',
    command: bench('backends'),
  },
  {
    id: 'extraction',
    title: 'Extraction cost',
    about: 'model calls and tokens per turn of the demo conversations (`ChatOpenAI` against a local stub)',
    command: bench('extraction'),
  },
  {
    id: 'models',
    title: 'Extraction quality: rules and local models',
    about:
      'the gold conversations and the held-out ones through the rule extractor and Qwen2.5-Coder 0.5B and 1.5B; LoCoMo through the 1.5B',
    command: bench('models'),
  },
  {
    id: 'viewer',
    title: 'Viewer',
    about: 'headless Chromium: page to drawn graph, search to panel, zoom frames at 1,000 and 5,000 entities',
    command: bench('viewer'),
  },
  {
    id: 'crash',
    title: 'Crashes',
    about:
      'writers killed with SIGKILL mid-write, then reopened: acknowledged writes kept, no half-written fact',
    command: bench('crash'),
  },
];
