export { handleMcpRequest, type McpHttpContext, type McpHttpOptions } from './http.js';
export { CYPHER_MAX_ROWS } from './schemas.js';
export { createMcpServer, MCP_SERVER_VERSION, type McpOptions } from './server.js';
export { serveMcpOverStdio } from './stdio.js';
