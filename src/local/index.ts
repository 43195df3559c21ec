/**
 * `kgmem/local-model`: extraction by a language model in this process (node-llama-cpp, an
 * optional dependency loaded only when a model is opened), for
 * `createMemory({ extractor: new RulesBackedExtractor(localModel({ path })) })`. `npm run llm:local`
 * fetches a model and prints its path.
 *
 * @packageDocumentation
 */
export { LocalModelExtractor, type LocalModelOptions, localModel } from '../extract/local-model.js';
