export { RemoteMemory, type RemoteMemoryOptions, UnauthorizedError } from './remote-memory.js';
