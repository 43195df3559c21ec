export { RemoteMemory, type RemoteMemoryOptions } from './remote-memory.js';
